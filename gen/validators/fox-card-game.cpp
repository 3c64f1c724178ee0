// fox-card-game's input validator as a Kattis judge runs it (exit 42 valid, 43
// not, the reason on stderr): the format of gen/src/judge/fox_card_game.rs, `n`
// (1..100) on a line, then n lines `s c_1 .. c_s` (1 <= s <= 100,
// 1 <= c_i <= 1000), written as the harness writes it (one space between
// numbers, `\n` after each line, no leading zeros).
#include <cstdio>
#include <cstdlib>

#include "strict_input.h"

int main() {
    long long n = read_int("n must be an integer in 1..100", 1, 100);
    expect('\n');
    for (long long p = 0; p < n; p++) {
        long long s = read_int("s must be an integer in 1..100", 1, 100);
        for (long long i = 0; i < s; i++) {
            expect(' ');
            read_int("a card must be an integer in 1..1000", 1, 1000);
        }
        expect('\n');
    }
    end_of_input();
    return 42;
}
