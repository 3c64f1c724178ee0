// combat-on-a-tree's input validator as a Kattis judge runs it (exit 42 valid, 43
// not, the reason on stderr): the format of gen/src/judge/combat_on_a_tree.rs,
// `n` (1..100 000), the n colours (0 or 1) on one line, then n - 1 edges `u v`
// that form a tree, written as the harness writes it (one space between
// numbers, `\n` after each line, no leading zeros).
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "strict_input.h"

int main() {
    int n = (int)read_int("n must be an integer in 1..100000", 1, 100000);
    expect('\n');
    read_line(n, "a colour must be 0 (white) or 1 (black)", 0, 1, nullptr);
    read_tree(n);
    end_of_input();
    return 42;
}
