// staircase-nim's input validator as a Kattis judge runs it (exit 42 valid, 43
// not, the reason on stderr): the format of gen/src/judge/staircase_nim.rs,
// `n` (1..100 000) on a line and the n steps (0..10^9) on the next, written as
// the harness writes it (one space between numbers, `\n` after each line, no
// leading zeros).
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "strict_input.h"

int main() {
    long long n = read_int("n must be an integer in 1..100000", 1, 100000);
    expect('\n');
    read_line(n, "a step must be an integer in 0..10^9", 0, 1000000000, nullptr);
    end_of_input();
    return 42;
}
