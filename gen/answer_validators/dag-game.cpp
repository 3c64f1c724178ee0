// dag-game's answer validator as BAPCtools runs it (`dag-game INPUT < ANSWER`, exit 42
// valid, 43 not, the reason on stderr): the answer format of gen/src/judge/dag_game.rs,
// the first player's score, an integer in 0..2^63-1 on one line,
// written as the harness writes it.
#include "strict_answer.h"

int main() {
    read_int("the score must be an integer in 0..2^63-1", 0, 9223372036854775807LL);
    expect('\n');
    end_of_input();
    return 42;
}
