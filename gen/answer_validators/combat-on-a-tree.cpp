// combat-on-a-tree's answer validator as BAPCtools runs it (`combat-on-a-tree INPUT <
// ANSWER`, exit 42 valid, 43 not, the reason on stderr): the answer format of
// gen/src/judge/combat_on_a_tree.rs, `-1` on one line, or the winning first moves, vertices
// in 1..n (n, the input's first number), increasing, one per line, written as the harness
// writes it.
#include "strict_answer.h"

int main(int argc, char **argv) {
    JudgeInput input(argc, argv);
    long long n = input.number();
    if (peek() == '-') {
        pos++;
        read_int("expected -1 or a vertex in 1..n", 1, 1);
        expect('\n');
    } else {
        long long last = 0;
        do {
            long long v = read_int("a move must be a vertex in 1..n", 1, n);
            if (v <= last) invalid("the moves must be increasing");
            last = v;
            expect('\n');
        } while (peek() != -1);
    }
    end_of_input();
    return 42;
}
