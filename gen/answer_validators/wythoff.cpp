// wythoff's answer validator as BAPCtools runs it (`wythoff INPUT < ANSWER`, exit 42
// valid, 43 not, the reason on stderr): the answer format of gen/src/judge/wythoff.rs,
// one line: `1` or `0`,
// written as the harness writes it.
#include "strict_answer.h"

int main() {
    read_verdicts(1, "expected `1` or `0`", {"1", "0"});
    return 42;
}
