// nim-interactive's input validator as a Kattis judge runs it (exit 42 valid, 43 not, the reason
// on stderr): one position in nim's format without the count of cases
// (gen/src/judge/nim_interactive.rs), `n` (1..10 000) on a line and the n piles (0..9 999) on
// the next, written as the harness writes it.
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "strict_input.h"

int main() {
    long long n = read_int("n must be an integer in 1..10000", 1, 10000);
    expect('\n');
    read_line(n, "a pile must be an integer in 0..9999", 0, 9999, nullptr);
    end_of_input();
    return 42;
}
