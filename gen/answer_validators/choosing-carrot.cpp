// choosing-carrot's answer validator as BAPCtools runs it (`choosing-carrot INPUT < ANSWER`,
// exit 42 valid, 43 not, the reason on stderr): the answer format of
// gen/src/judge/choosing_carrot.rs, one line of n values (n, the input's first number),
// each a juiciness in 1..10^9, written as the harness writes it.
#include "strict_answer.h"

int main(int argc, char **argv) {
    JudgeInput input(argc, argv);
    read_line(input.number(), "a value must be an integer in 1..10^9", 1, 1000000000, nullptr);
    end_of_input();
    return 42;
}
