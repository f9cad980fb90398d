// Runs several commands in turn, round after round, and prints each one's median wall time
// from posix_spawn to waitpid (and its quartiles), standard output sent to /dev/null:
//
//   interleave ROUNDS cmd1 args… -- cmd2 args… [-- cmd3 args…]
//
// Commands are paths (no PATH search, no shell). Three rounds are run first and not counted, and
// the order in which the commands go rotates by one each round. hyperfine runs all of one
// command's runs before the next command's, so a drift of this shared machine (another VM's
// load) lands on one command and not the other; run in turn, the commands see the same drift,
// and two builds a few hundred microseconds apart are told apart in one run (bench/startup_ab).
#include <fcntl.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>

extern char **environ;

static int ascending(const void *a, const void *b) {
    const double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

int main(int argc, char **argv) {
    enum { MAX_COMMANDS = 16 };
    const int rounds = argc > 2 ? atoi(argv[1]) : 0;
    if (rounds < 4) {
        fprintf(stderr, "usage: interleave ROUNDS (at least 4) cmd args… -- cmd args…\n");
        return 2;
    }
    char **commands[MAX_COMMANDS];
    int count = 0;
    commands[count++] = argv + 2;
    for (int i = 2; i < argc; i++) {
        if (strcmp(argv[i], "--") != 0) continue;
        if (count == MAX_COMMANDS || i + 1 >= argc) {
            fprintf(stderr, "interleave: at most %d commands, none empty\n", MAX_COMMANDS);
            return 2;
        }
        argv[i] = NULL;
        commands[count++] = argv + i + 1;
    }
    double *ms = calloc((size_t)rounds * count, sizeof *ms);
    posix_spawn_file_actions_t actions;
    if (!ms || posix_spawn_file_actions_init(&actions) != 0 ||
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0) != 0) {
        perror("interleave");
        return 1;
    }
    for (int round = -3; round < rounds; round++) {
        for (int k = 0; k < count; k++) {
            const int c = (k + (round + 3)) % count;
            struct timespec start, end;
            pid_t pid;
            int status;
            clock_gettime(CLOCK_MONOTONIC, &start);
            if (posix_spawn(&pid, commands[c][0], &actions, NULL, commands[c], environ) != 0) {
                perror(commands[c][0]);
                return 1;
            }
            if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status) || WEXITSTATUS(status) != 0) {
                fprintf(stderr, "interleave: %s failed\n", commands[c][0]);
                return 1;
            }
            clock_gettime(CLOCK_MONOTONIC, &end);
            if (round >= 0) ms[(size_t)c * rounds + round] = (end.tv_sec - start.tv_sec) * 1e3 + (end.tv_nsec - start.tv_nsec) / 1e6;
        }
    }
    for (int c = 0; c < count; c++) {
        double *t = ms + (size_t)c * rounds;
        qsort(t, (size_t)rounds, sizeof *t, ascending);
        printf("%d\tmedian %.2f ms\tquartiles %.2f %.2f\t", c + 1, t[rounds / 2], t[rounds / 4], t[3 * rounds / 4]);
        for (char **a = commands[c]; *a; a++) printf("%s%s", a == commands[c] ? "" : " ", *a);
        printf("\n");
    }
    free(ms);
    return 0;
}
