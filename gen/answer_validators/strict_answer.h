// The reader every answer validator here shares: BAPCtools runs `validator INPUT < ANSWER` on
// each test's `.ans` (exit 42: valid, 43: not, the reason on stderr). The answer is read by the
// input validators' strict reader (strict_input.h: as the harness writes it, one space between
// numbers, `\n` after each line, no sign, no leading zeros); the input, which the input
// validators have passed already, by a plain token reader, for what the answer's shape depends
// on (a case count, n). A package carries both headers beside each validator.
#pragma once
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <initializer_list>

#include "strict_input.h"

// One of `words`, spelled exactly (case and all) and followed by a space or the end of a line:
// its index.
inline int read_word(const char *field, std::initializer_list<const char *> words) {
    char word[32];
    size_t length = 0;
    while (peek() != -1 && peek() != ' ' && peek() != '\n') {
        if (length + 1 == sizeof word) invalid(field);
        word[length++] = (char)peek();
        pos++;
    }
    int index = 0;
    for (const char *w : words) {
        // By length too: a NUL inside the word would end strcmp's comparison early.
        if (strlen(w) == length && memcmp(word, w, length) == 0) return index;
        index++;
    }
    invalid(field);
}

// The judge's input, the file named by the validator's first argument: its tokens.
struct JudgeInput {
    FILE *file;

    JudgeInput(int argc, char **argv) {
        file = argc > 1 ? fopen(argv[1], "rb") : nullptr;
        if (file == nullptr) {
            // Neither valid nor invalid: the judge called the validator wrong (exit 1, its error).
            fprintf(stderr, "usage: %s INPUT < ANSWER (the input file cannot be read)\n", argv[0]);
            exit(1);
        }
    }

    // Skips whitespace; false at the end of the file.
    bool more() {
        int c = fgetc(file);
        while (c == ' ' || c == '\n' || c == '\r' || c == '\t') c = fgetc(file);
        if (c == EOF) return false;
        ungetc(c, file);
        return true;
    }

    // The next token as a number (the input is valid: digits only).
    long long number() {
        more();
        long long x = 0;
        for (int c = fgetc(file); c >= '0' && c <= '9'; c = fgetc(file)) x = x * 10 + (c - '0');
        return x;
    }

    // Skips `count` tokens.
    void skip(long long count) {
        for (; count > 0; count--) {
            more();
            for (int c = fgetc(file); c != EOF && c != ' ' && c != '\n' && c != '\r' && c != '\t'; c = fgetc(file)) {
            }
        }
    }
};

// `count` lines, each one of `words`: a verdict per test case.
inline void read_verdicts(long long count, const char *field, std::initializer_list<const char *> words) {
    for (long long k = 0; k < count; k++) {
        read_word(field, words);
        expect('\n');
    }
    end_of_input();
}
