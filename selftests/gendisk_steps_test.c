// SPDX-License-Identifier: GPL-2.0
/*
 * gendisk_steps_test: the profile steps of gendisk_steps.[ch] on the
 * build host, no VM: what gd_steps_parse() accepts and the error it
 * names for what it does not, and gd_steps_run() on files of a scratch
 * directory (never a device).  One line per case, "PASS: selftests/
 * steps/<case>" or "FAIL: ...: why"; exit 1 if any case failed.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "gendisk_steps.h"

static int failures;

static void result(const char *name, bool ok, const char *why)
{
	if (ok) {
		printf("PASS: selftests/steps/%s\n", name);
		return;
	}
	printf("FAIL: selftests/steps/%s: %s\n", name, why);
	failures++;
}

/* @spec parses into @n steps, the first of verb @verb. */
static void parses(const char *name, const char *spec, unsigned int n,
		   enum gd_step_verb verb)
{
	static struct gd_steps s;
	char err[512], why[700];

	if (gd_steps_parse(spec, &s, err, sizeof(err))) {
		snprintf(why, sizeof(why), "rejected: %s", err);
		result(name, false, why);
		return;
	}
	snprintf(why, sizeof(why), "%u steps, first verb %d; want %u, %d",
		 s.n, s.step[0].verb, n, verb);
	result(name, s.n == n && s.step[0].verb == verb, why);
}

/* @spec is rejected with an error that contains @want. */
static void rejects(const char *name, const char *spec, const char *want)
{
	static struct gd_steps s;
	char err[512] = "", why[700];

	if (!gd_steps_parse(spec, &s, err, sizeof(err))) {
		result(name, false, "accepted");
		return;
	}
	snprintf(why, sizeof(why), "error '%s', want it to hold '%s'", err,
		 want);
	result(name, strstr(err, want) != NULL, why);
}

static int run_spec(const char *spec, int *failed)
{
	static struct gd_steps s;
	char err[512];

	if (gd_steps_parse(spec, &s, err, sizeof(err))) {
		fprintf(stderr, "steps_test: %s\n", err);
		return -EINVAL;
	}
	return gd_steps_run(&s, failed);
}

static void runs(const char *dir)
{
	char spec[1024], path[512], buf[16] = "";
	int failed = 0, ret, fd, status;
	struct stat st;
	ssize_t n;
	pid_t pid;

	snprintf(path, sizeof(path), "%s/f", dir);
	fd = open(path, O_CREAT | O_WRONLY | O_CLOEXEC, 0644);
	if (fd < 0) {
		result("run-all", false, "cannot create the scratch file");
		return;
	}
	close(fd);
	snprintf(spec, sizeof(spec),
		 "mkdir %s/d; write %s/f hello; read %s/f; rmdir %s/d", dir,
		 dir, dir, dir);
	ret = run_spec(spec, &failed);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	n = fd < 0 ? -1 : read(fd, buf, sizeof(buf) - 1);
	if (fd >= 0)
		close(fd);
	buf[n > 0 ? n : 0] = '\0';
	snprintf(path, sizeof(path), "%s/d", dir);
	result("run-all", !ret && failed == -1 && !strcmp(buf, "hello") &&
	       stat(path, &st) && errno == ENOENT,
	       "the four steps did not all work, in order");

	snprintf(spec, sizeof(spec), "mkdir %s/x; read %s/missing; mkdir %s/y",
		 dir, dir, dir);
	ret = run_spec(spec, &failed);
	snprintf(path, sizeof(path), "%s/y", dir);
	result("run-stops-at-failed-step",
	       ret == -ENOENT && failed == 1 && stat(path, &st) &&
	       errno == ENOENT,
	       "want -ENOENT at step 1 and no step after it");

	ret = run_spec("exec /nonexistent/prog arg", &failed);
	result("run-exec-missing", ret == -ENOENT && failed == 0,
	       "want -ENOENT at step 0");

	/* A working exec does not return: the child becomes /bin/true. */
	pid = fork();
	if (!pid) {
		run_spec("exec /bin/true ignored-argument", &failed);
		_exit(100);
	}
	ret = pid > 0 ? waitpid(pid, &status, 0) : -1;
	result("run-exec-becomes-prog",
	       ret == pid && WIFEXITED(status) && WEXITSTATUS(status) == 0,
	       "the exec step returned, or the program did not exit 0");
}

int main(void)
{
	char dir[] = "/tmp/gendisk-steps-XXXXXX";
	char cmd[64];

	parses("parse-configfs", "mkdir /sys/kernel/config/nullb/nullb0; write /sys/kernel/config/nullb/nullb0/size 16 ;write /sys/kernel/config/nullb/nullb0/power 1",
	       3, GD_STEP_MKDIR);
	parses("parse-read-write", " read /sys/class/zram-control/hot_add; write /sys/block/zram0/disksize 16M; ",
	       2, GD_STEP_READ);
	parses("parse-exec", "exec /sbin/losetup -P /dev/loop0 /tmp/img", 1,
	       GD_STEP_EXEC);
	rejects("reject-unknown-verb", "frob /x", "unknown verb in step 'frob /x'");
	rejects("reject-write-no-value", "write /x", "step 'write /x': write PATH VALUE");
	rejects("reject-relative-path", "mkdir x", "needs a full path");
	rejects("reject-two-paths", "rmdir /a /b", "takes one path");
	rejects("reject-after-exec", "exec /bin/true; mkdir /a", "exec is the last step");
	rejects("reject-empty", " ; ", "no step");
	if (!mkdtemp(dir)) {
		result("scratch-dir", false, strerror(errno));
	} else {
		runs(dir);
		snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
		if (system(cmd))
			result("scratch-dir-removed", false, cmd);
	}
	return failures ? 1 : 0;
}
