// candy-piles's answer validator as BAPCtools runs it (`candy-piles INPUT < ANSWER`, exit 42
// valid, 43 not, the reason on stderr): the answer format of gen/src/judge/candy_piles.rs,
// one line: `First` or `Second`,
// written as the harness writes it.
#include "strict_answer.h"

int main() {
    read_verdicts(1, "expected `First` or `Second`", {"First", "Second"});
    return 42;
}
