// jiangnan-le's input validator as a Kattis judge runs it (exit 42 valid, 43 not,
// the reason on stderr): the format of gen/src/judge/jiangnan_le.rs, `T F`
// (1 <= T <= 99, 1 <= F <= 99 999), then T lines `N a_1 .. a_N` (1 <= N <= 99,
// 1 <= a_i <= 99 999), written as the harness writes it (one space between
// numbers, `\n` after each line, no leading zeros).
#include <cstdio>
#include <cstdlib>

#include "strict_input.h"

int main() {
    long long t = read_int("T must be an integer in 1..99", 1, 99);
    expect(' ');
    read_int("F must be an integer in 1..99999", 1, 99999);
    expect('\n');
    for (long long k = 0; k < t; k++) {
        long long n = read_int("N must be an integer in 1..99", 1, 99);
        for (long long i = 0; i < n; i++) {
            expect(' ');
            read_int("a pile must be an integer in 1..99999", 1, 99999);
        }
        expect('\n');
    }
    end_of_input();
    return 42;
}
