// nullify-matrix's input validator as a Kattis judge runs it (exit 42 valid, 43
// not, the reason on stderr): the format of gen/src/judge/nullify_matrix.rs,
// `t` (1..10), then per case `n m` (1..100 each) and n rows of m values
// (0..10^6), written as the harness writes it (one space between numbers, `\n`
// after each line, no leading zeros).
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "strict_input.h"

int main() {
    long long t = read_int("t must be an integer in 1..10", 1, 10);
    expect('\n');
    while (t-- > 0) {
        long long n = read_int("n must be an integer in 1..100", 1, 100);
        expect(' ');
        long long m = read_int("m must be an integer in 1..100", 1, 100);
        expect('\n');
        for (long long r = 0; r < n; r++) read_line(m, "a value must be an integer in 0..10^6", 0, 1000000, nullptr);
    }
    end_of_input();
    return 42;
}
