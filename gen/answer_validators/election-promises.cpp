// election-promises's answer validator as BAPCtools runs it (`election-promises INPUT <
// ANSWER`, exit 42 valid, 43 not, the reason on stderr): the answer format of
// gen/src/judge/election_promises.rs, `LOSE`, or `WIN` and on the next line n values
// (n, the input's first number) in 0..2*10^18, written as the harness writes it. Whether the
// values are a winning move is the output validator's question, not this one's.
#include "strict_answer.h"

int main(int argc, char **argv) {
    JudgeInput input(argc, argv);
    int verdict = read_word("expected `WIN` or `LOSE`", {"WIN", "LOSE"});
    expect('\n');
    if (verdict == 0)
        read_line(input.number(), "a value must be an integer in 0..2*10^18", 0, 2000000000000000000LL, nullptr);
    end_of_input();
    return 42;
}
