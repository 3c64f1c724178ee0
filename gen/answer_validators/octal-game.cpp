// octal-game's answer validator as BAPCtools runs it (`octal-game INPUT < ANSWER`, exit 42
// valid, 43 not, the reason on stderr): the answer format of gen/src/judge/octal_game.rs,
// the Sprague-Grundy value, an integer in 0..2^32-1 on one line,
// written as the harness writes it.
#include "strict_answer.h"

int main() {
    read_int("the SG value must be an integer in 0..2^32-1", 0, 4294967295LL);
    expect('\n');
    end_of_input();
    return 42;
}
