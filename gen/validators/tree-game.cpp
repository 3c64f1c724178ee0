// tree-game's input validator as a Kattis judge runs it (exit 42 valid, 43 not,
// the reason on stderr): the format of gen/src/judge/tree_game.rs, written as the
// harness writes it (one space between numbers, `\n` after each line, no
// leading zeros), and each case a tree: N - 1 edges that join N vertices.
#include "strict_input.h"

int main() {
    long long t = read_int("T must be an integer in 1..100", 1, 100);
    expect('\n');
    while (t-- > 0) {
        int n = (int)read_int("N must be an integer in 1..100000", 1, 100000);
        expect('\n');
        read_tree(n);
    }
    end_of_input();
    return 42;
}
