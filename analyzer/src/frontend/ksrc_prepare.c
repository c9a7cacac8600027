/* --ksrc TREE: the generated headers of a kernel source tree, prepared once in the cache. */
#include "ksrc_prepare.h"

#include "cache_dir.h"
#include "fnv_hash.h"
#include "kernel_tree.h"
#include "read_file.h"
#include "string_list.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#define STAMP ".gendisk-lint-prepared"

static int exists(const char *dir, const char *rel)
{
	char *p = xasprintf("%s/%s", dir, rel);
	int ok = access(p, F_OK) == 0;

	free(p);
	return ok;
}

/* make -s -C tree O=objdir target [-jN], output appended to log; the exit status. */
static int run_make(const char *tree, const char *objdir, const char *target, int jobs,
		    const char *log)
{
	char *oflag = xasprintf("O=%s", objdir), *jflag = xasprintf("-j%d", jobs > 0 ? jobs : 1);
	int status = -1;
	pid_t pid = fork();

	if (pid == 0) {
		int fd = open(log, O_WRONLY | O_CREAT | O_APPEND, 0644);
		int nul = open("/dev/null", O_RDONLY);

		if (fd >= 0) {
			dup2(fd, 1);
			dup2(fd, 2);
			close(fd);
		}
		if (nul >= 0) {
			dup2(nul, 0);
			close(nul);
		}
		errno = 0;
		if (nice(10) == -1 && errno)
			_exit(126);
		unsetenv("MAKEFLAGS");
		unsetenv("MFLAGS");
		execlp("make", "make", "-s", "-C", tree, oflag, jflag, target, (char *)NULL);
		_exit(127);
	}
	if (pid > 0)
		while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
			;
	free(oflag);
	free(jflag);
	if (status == -1)
		return -1;
	return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

/* The first line of log that says error (or "***"), else its last line (owned). */
static char *log_error_line(const char *log)
{
	char *text = read_file(log, NULL), *found = NULL, *last = NULL;

	for (char *l = text; l && *l;) {
		char *end = strchr(l, '\n');
		size_t n = end ? (size_t)(end - l) : strlen(l);

		if (n) {
			free(last);
			last = xstrndup(l, n > 200 ? 200 : n);
			if (!found && (strstr(last, "rror") || strstr(last, "***")))
				found = xstrdup(last);
		}
		l = end ? end + 1 : NULL;
	}
	free(text);
	if (found) {
		free(last);
		return found;
	}
	return last ? last : xstrdup("no output");
}

static int prepare(const char *tree, const char *objdir, int jobs, const char *log,
		   char *err, size_t errlen)
{
	static const char *const steps[] = { "allmodconfig", "modules_prepare" };
	char *stamp;
	FILE *f;

	unlink(log);
	for (size_t i = 0; i < 2; i++) {
		int rc;
		char *why;

		if (i == 0 && exists(objdir, ".config"))
			continue; /* configured by an earlier, interrupted run */
		rc = run_make(tree, objdir, steps[i], jobs, log);
		if (rc == 0)
			continue;
		why = log_error_line(log);
		snprintf(err, errlen, "make %s failed (exit %d: %s; log: %s)", steps[i], rc, why,
			 log);
		free(why);
		return -1;
	}
	if (!exists(objdir, "include/generated/autoconf.h")) {
		snprintf(err, errlen, "make modules_prepare made no include/generated/autoconf.h "
			 "(log: %s)", log);
		return -1;
	}
	stamp = xasprintf("%s/" STAMP, objdir);
	f = fopen(stamp, "w");
	free(stamp);
	if (f) {
		fprintf(f, "%s\n", tree);
		fclose(f);
	}
	return 0;
}

int ksrc_prepare(const char *tree, int jobs, int quiet, char **objdir, char *err, size_t errlen)
{
	char real[PATH_MAX];
	char *root, *base, *dir, *lock, *log;
	int version = 0, fd, rc;

	*objdir = NULL;
	if (!realpath(tree, real) || !kernel_tree_root(real, &version)) {
		snprintf(err, errlen, "%s: not a kernel source tree (no Makefile with VERSION and "
			 "PATCHLEVEL, or no include/linux/blkdev.h)", tree);
		return -1;
	}
	if (exists(real, "include/config/auto.conf") &&
	    exists(real, "include/generated/autoconf.h")) {
		*objdir = xstrdup(real); /* configured and prepared in place */
		return 0;
	}
	root = cache_root();
	base = xasprintf("%s/ksrc", root);
	dir = xasprintf("%s/%d.%d-%016llx", base, version >> 8, version & 0xff,
			(unsigned long long)fnv1a64_str(FNV1A64_OFFSET_BASIS, real));
	lock = xasprintf("%s.lock", dir);
	log = xasprintf("%s.log", dir);
	free(root);
	if (cache_dir_create(dir) != 0) {
		snprintf(err, errlen, "cannot create %s: %s", dir, strerror(errno));
		rc = -1;
		goto out;
	}
	fd = open(lock, O_RDWR | O_CREAT, 0644);
	if (fd < 0 || flock(fd, LOCK_EX) != 0) {
		snprintf(err, errlen, "cannot lock %s: %s", lock, strerror(errno));
		if (fd >= 0)
			close(fd);
		rc = -1;
		goto out;
	}
	rc = 0;
	if (!exists(dir, STAMP)) {
		if (!quiet)
			fprintf(stderr, "gendisk-lint: %s: preparing its generated headers once in %s "
				"(make allmodconfig, modules_prepare: minutes of CPU; --no-ksrc "
				"skips it)\n", real, dir);
		rc = prepare(real, dir, jobs, log, err, errlen);
	}
	close(fd); /* drops the lock */
	if (rc == 0)
		*objdir = xstrdup(dir);
out:
	free(base);
	free(dir);
	free(lock);
	free(log);
	return rc;
}
