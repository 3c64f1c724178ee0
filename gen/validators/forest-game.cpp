// forest-game's input validator as a Kattis judge runs it (exit 42 valid, 43 not,
// the reason on stderr): the format of gen/src/judge/forest_game.rs, `n`
// (1..200 000), the n weights (1..10^9) on one line, then n - 1 edges `u v` that
// form a tree, written as the harness writes it (one space between numbers,
// `\n` after each line, no leading zeros).
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "strict_input.h"

int main() {
    int n = (int)read_int("n must be an integer in 1..200000", 1, 200000);
    expect('\n');
    read_line(n, "a weight must be an integer in 1..10^9", 1, 1000000000, nullptr);
    read_tree(n);
    end_of_input();
    return 42;
}
