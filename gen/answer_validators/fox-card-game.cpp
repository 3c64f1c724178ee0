// fox-card-game's answer validator as BAPCtools runs it (`fox-card-game INPUT < ANSWER`,
// exit 42 valid, 43 not, the reason on stderr): the answer format of
// gen/src/judge/fox_card_game.rs, one line `ciel jiro`, each sum an integer in
// 0..10^7 (100 piles of 100 cards of at most 1000), written as the harness writes it.
#include "strict_answer.h"

int main() {
    read_line(2, "a sum must be an integer in 0..10^7", 0, 10000000, nullptr);
    end_of_input();
    return 42;
}
