// jiangnan-le's answer validator as BAPCtools runs it (`jiangnan-le INPUT < ANSWER`, exit
// 42 valid, 43 not, the reason on stderr): the answer format of gen/src/judge/jiangnan_le.rs,
// one line of T values (T, the input's first number), each `1` (the first player wins that
// game) or `0`, written as the harness writes it.
#include "strict_answer.h"

int main(int argc, char **argv) {
    JudgeInput input(argc, argv);
    read_line(input.number(), "a value must be 0 or 1", 0, 1, nullptr);
    end_of_input();
    return 42;
}
