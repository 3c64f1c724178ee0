// octal-game's input validator as a Kattis judge runs it (exit 42 valid, 43 not,
// the reason on stderr): the format of gen/src/judge/octal_game.rs, the code
// `0.` and 1 to 32 octal digits on a line, `k` (1..100 000) on the next, then the
// k heap sizes (0..10^6) on one line, written as the harness writes it (one
// space between numbers, `\n` after each line, no leading zeros).
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "strict_input.h"

int main() {
    if (peek() != '0') invalid("the code must start with `0.`");
    pos++;
    if (peek() != '.') invalid("the code must start with `0.`");
    pos++;
    int digits = 0;
    while (peek() >= '0' && peek() <= '7') {
        pos++;
        if (++digits > 32) invalid("the code has more than 32 digits");
    }
    if (digits == 0) invalid("the code has no digits after `0.`");
    expect('\n');
    long long k = read_int("k must be an integer in 1..100000", 1, 100000);
    expect('\n');
    read_line(k, "a heap must be an integer in 0..10^6", 0, 1000000, nullptr);
    end_of_input();
    return 42;
}
