/* Running git (no shell) and capturing what it prints. */
#ifndef GENDISK_LINT_GIT_COMMAND_H
#define GENDISK_LINT_GIT_COMMAND_H

#include <stddef.h>

struct git_output {
	char *data;      /* stdout, NUL-terminated (owned) */
	size_t len;
	int status;      /* exit status; 127 if git could not be started; -1 on a signal */
};

/*
 * Runs "git ARGV..." (argv is NULL-terminated and does not include "git")
 * in the current directory; stderr is shown when show_stderr, else dropped.
 * Returns 0 when git ran (whatever its status), -1 if it could not be run.
 */
int git_run(const char *const *argv, int show_stderr, struct git_output *out);
void git_output_free(struct git_output *out);

#endif
