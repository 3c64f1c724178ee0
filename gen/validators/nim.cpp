// nim's input validator as a Kattis judge runs it (exit 42 valid, 43 not, the
// reason on stderr): the format of gen/src/judge/nim.rs, `T` (1..10), then per
// case `n` (1..10 000) on a line and the n piles (0..9 999) on the next, written
// as the harness writes it (one space between numbers, `\n` after each line,
// no leading zeros).
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "strict_input.h"

int main() {
    long long t = read_int("T must be an integer in 1..10", 1, 10);
    expect('\n');
    while (t-- > 0) {
        long long n = read_int("n must be an integer in 1..10000", 1, 10000);
        expect('\n');
        read_line(n, "a pile must be an integer in 0..9999", 0, 9999, nullptr);
    }
    end_of_input();
    return 42;
}
