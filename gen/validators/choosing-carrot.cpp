// choosing-carrot's input validator as a Kattis judge runs it (exit 42 valid, 43
// not, the reason on stderr): the format of gen/src/judge/choosing_carrot.rs,
// `n` (1..300 000) on a line and the n values (1..10^9) on the next, written as
// the harness writes it (one space between numbers, `\n` after each line, no
// leading zeros).
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "strict_input.h"

int main() {
    long long n = read_int("n must be an integer in 1..300000", 1, 300000);
    expect('\n');
    read_line(n, "a carrot must be an integer in 1..10^9", 1, 1000000000, nullptr);
    end_of_input();
    return 42;
}
