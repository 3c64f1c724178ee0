// tree-game's answer validator as BAPCtools runs it (`tree-game INPUT < ANSWER`, exit 42
// valid, 43 not, the reason on stderr): the answer format of gen/src/judge/tree_game.rs,
// a line per test case (`T`, the input's first number): `Alice` or `Bob`,
// written as the harness writes it.
#include "strict_answer.h"

int main(int argc, char **argv) {
    JudgeInput input(argc, argv);
    read_verdicts(input.number(), "expected `Alice` or `Bob`", {"Alice", "Bob"});
    return 42;
}
