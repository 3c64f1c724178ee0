// bunny-egg's answer validator as BAPCtools runs it (`bunny-egg INPUT < ANSWER`, exit 42
// valid, 43 not, the reason on stderr): the answer format of gen/src/judge/bunny_egg.rs, `r`
// (0..k, k the input's number of rounds) on a line, then the r rounds of the mistakes, in
// 1..k, increasing, one per line, written as the harness writes it.
#include "strict_answer.h"

int main(int argc, char **argv) {
    JudgeInput input(argc, argv);
    long long rows = input.number();
    input.number();
    input.skip(rows);
    long long k = input.number();
    long long r = read_int("r must be an integer in 0..k", 0, k);
    expect('\n');
    long long last = 0;
    for (long long i = 0; i < r; i++) {
        long long round = read_int("a mistake must be a round in 1..k", 1, k);
        if (round <= last) invalid("the rounds must be increasing");
        last = round;
        expect('\n');
    }
    end_of_input();
    return 42;
}
