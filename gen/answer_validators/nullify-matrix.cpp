// nullify-matrix's answer validator as BAPCtools runs it (`nullify-matrix INPUT < ANSWER`, exit 42
// valid, 43 not, the reason on stderr): the answer format of gen/src/judge/nullify_matrix.rs,
// a line per test case (`T`, the input's first number): `Ashish` or `Jeel`,
// written as the harness writes it.
#include "strict_answer.h"

int main(int argc, char **argv) {
    JudgeInput input(argc, argv);
    read_verdicts(input.number(), "expected `Ashish` or `Jeel`", {"Ashish", "Jeel"});
    return 42;
}
