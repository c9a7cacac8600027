/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A profile's create or resize step run by the test program's own task,
 * without a shell (FAULTS_SETUP, FAULTS_RESIZE: gendisk_profile.h), so
 * that a fail-nth armed in that task reaches the driver's control path:
 * a shell's mkdir or echo is another task, which the count never sees.
 *
 * "VERB ARGS; VERB ARGS; ...", each step one of
 *   mkdir PATH          mkdir(2)
 *   rmdir PATH          rmdir(2)
 *   write PATH VALUE    open(2) O_WRONLY, one write(2) of VALUE
 *   read PATH           open(2), one read(2) (zram's hot_add makes a
 *                       device on read)
 *   exec PROG ARGS...   execve(2) of PROG (a full path), arguments split
 *                       on blanks, no shell: the last step, since the
 *                       task becomes PROG (fail-nth is kept across exec)
 */
#ifndef GENDISK_STEPS_H
#define GENDISK_STEPS_H

#include <stddef.h>

#include "gendisk_profile.h"

#define GD_STEPS_MAX 16
#define GD_STEP_ARGS_MAX 16

enum gd_step_verb {
	GD_STEP_MKDIR,
	GD_STEP_RMDIR,
	GD_STEP_WRITE,
	GD_STEP_READ,
	GD_STEP_EXEC,
};

struct gd_step {
	enum gd_step_verb verb;
	char text[GD_CMD_MAX];		/* the step as written */
	char path[GD_STR_MAX];		/* PATH, or PROG */
	char value[GD_STR_MAX];		/* write's VALUE */
	char args[GD_CMD_MAX];		/* exec: PROG ARGS, NUL-separated */
	unsigned int argc;		/* exec: PROG and its ARGS */
};

struct gd_steps {
	unsigned int n;
	struct gd_step step[GD_STEPS_MAX];
};

/*
 * Parse @spec into @s.  0, or -1 with the reason in @err naming the step
 * (an unknown verb, a missing argument, exec not last, too many steps).
 */
int gd_steps_parse(const char *spec, struct gd_steps *s, char *err,
		   size_t errlen);

/*
 * Run the steps in turn in this task, stopping at the first that fails.
 * 0, or -errno with the failed step's index in *@failed (-1: none).  An
 * exec step that works does not return.
 */
int gd_steps_run(const struct gd_steps *s, int *failed);

#endif /* GENDISK_STEPS_H */
