// nim's answer validator as BAPCtools runs it (`nim INPUT < ANSWER`, exit 42
// valid, 43 not, the reason on stderr): the answer format of gen/src/judge/nim.rs,
// a line per test case (`T`, the input's first number): `Yes` or `No`,
// written as the harness writes it.
#include "strict_answer.h"

int main(int argc, char **argv) {
    JudgeInput input(argc, argv);
    read_verdicts(input.number(), "expected `Yes` or `No`", {"Yes", "No"});
    return 42;
}
