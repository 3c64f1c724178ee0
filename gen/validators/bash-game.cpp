// bash-game's input validator as a Kattis judge runs it (exit 42 valid, 43 not,
// the reason on stderr): the format of gen/src/judge/bash_game.rs, one line
// `n k` with 0 <= n <= 10^18 and 1 <= k <= 10^18, written as the harness writes
// it (one space, `\n` at the end, no leading zeros).
#include <cstdio>
#include <cstdlib>

#include "strict_input.h"

int main() {
    const long long top = 1000000000000000000LL;
    read_int("n must be an integer in 0..10^18", 0, top);
    expect(' ');
    read_int("k must be an integer in 1..10^18", 1, top);
    expect('\n');
    end_of_input();
    return 42;
}
