// christmas-game's answer validator as BAPCtools runs it (`christmas-game INPUT < ANSWER`,
// exit 42 valid, 43 not, the reason on stderr): the answer format of
// gen/src/judge/christmas_game.rs, a line per test case: `Sally` or `Harry`, written as the
// harness writes it. The input's cases run to its end: each is `N`, then N graphs of `m k`
// and k edges, counted here.
#include "strict_answer.h"

int main(int argc, char **argv) {
    JudgeInput input(argc, argv);
    long long cases = 0;
    for (; input.more(); cases++) {
        long long graphs = input.number();
        for (long long g = 0; g < graphs; g++) {
            input.number();
            input.skip(2 * input.number());
        }
    }
    read_verdicts(cases, "expected `Sally` or `Harry`", {"Sally", "Harry"});
    return 42;
}
