// SPDX-License-Identifier: GPL-2.0
/*
 * A profile's steps run without a shell; see gendisk_steps.h.
 */
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "gendisk_steps.h"

static const char * const gd_step_verbs[] = {
	[GD_STEP_MKDIR] = "mkdir",
	[GD_STEP_RMDIR] = "rmdir",
	[GD_STEP_WRITE] = "write",
	[GD_STEP_READ] = "read",
	[GD_STEP_EXEC] = "exec",
};

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

/* The next blank-separated word of *@s, copied into @out; false: none. */
static bool next_word(const char **s, char *out, size_t len)
{
	size_t n;

	*s += strspn(*s, " \t");
	n = strcspn(*s, " \t");
	if (!n || n >= len)
		return false;
	memcpy(out, *s, n);
	out[n] = '\0';
	*s += n;
	return true;
}

/* One step, "VERB ARGS" (trimmed, not empty), into @st. */
static int parse_step(struct gd_step *st, const char *text, char *err,
		      size_t errlen)
{
	const char *s = text;
	char verb[16], word[GD_STR_MAX];
	size_t i, used = 0;

	snprintf(st->text, sizeof(st->text), "%s", text);
	if (!next_word(&s, verb, sizeof(verb)))
		verb[0] = '\0';
	for (i = 0; i < ARRAY_SIZE(gd_step_verbs); i++)
		if (!strcmp(verb, gd_step_verbs[i]))
			break;
	if (i == ARRAY_SIZE(gd_step_verbs)) {
		snprintf(err, errlen,
			 "unknown verb in step '%s' (mkdir, rmdir, write, read or exec)",
			 text);
		return -1;
	}
	st->verb = i;
	if (!next_word(&s, st->path, sizeof(st->path)) ||
	    st->path[0] != '/') {
		snprintf(err, errlen, "step '%s': %s needs a full path", text,
			 verb);
		return -1;
	}
	s += strspn(s, " \t");
	switch (st->verb) {
	case GD_STEP_WRITE:
		if (!*s || strlen(s) >= sizeof(st->value)) {
			snprintf(err, errlen, "step '%s': write PATH VALUE",
				 text);
			return -1;
		}
		snprintf(st->value, sizeof(st->value), "%s", s);
		return 0;
	case GD_STEP_EXEC:
		st->argc = 0;
		s = text;
		next_word(&s, verb, sizeof(verb));
		while (next_word(&s, word, sizeof(word))) {
			if (st->argc == GD_STEP_ARGS_MAX ||
			    used + strlen(word) + 1 > sizeof(st->args)) {
				snprintf(err, errlen,
					 "step '%s': more than %d arguments",
					 text, GD_STEP_ARGS_MAX);
				return -1;
			}
			memcpy(st->args + used, word, strlen(word) + 1);
			used += strlen(word) + 1;
			st->argc++;
		}
		return 0;
	default:
		if (*s) {
			snprintf(err, errlen, "step '%s': %s takes one path",
				 text, verb);
			return -1;
		}
		return 0;
	}
}

int gd_steps_parse(const char *spec, struct gd_steps *s, char *err,
		   size_t errlen)
{
	const char *p = spec;

	s->n = 0;
	while (*p) {
		char text[GD_CMD_MAX];
		size_t n;

		p += strspn(p, " \t");
		n = strcspn(p, ";");
		while (n && isspace((unsigned char)p[n - 1]))
			n--;
		if (n) {
			snprintf(text, sizeof(text), "%.*s", (int)n, p);
			if (s->n && s->step[s->n - 1].verb == GD_STEP_EXEC) {
				snprintf(err, errlen,
					 "step '%s' after '%s': exec is the last step",
					 text, s->step[s->n - 1].text);
				return -1;
			}
			if (s->n == GD_STEPS_MAX) {
				snprintf(err, errlen, "step '%s': more than %d steps",
					 text, GD_STEPS_MAX);
				return -1;
			}
			if (parse_step(&s->step[s->n], text, err, errlen))
				return -1;
			s->n++;
		}
		p += strcspn(p, ";");
		if (*p)
			p++;
	}
	if (!s->n) {
		snprintf(err, errlen, "no step in '%s'", spec);
		return -1;
	}
	return 0;
}

static int run_rw(const struct gd_step *st)
{
	char buf[256];
	size_t len = strlen(st->value);
	ssize_t n;
	int fd, ret = 0;

	fd = open(st->path, (st->verb == GD_STEP_WRITE ? O_WRONLY : O_RDONLY) |
		  O_CLOEXEC);
	if (fd < 0)
		return -errno;
	if (st->verb == GD_STEP_WRITE)
		n = write(fd, st->value, len);
	else
		n = read(fd, buf, sizeof(buf));
	if (n < 0)
		ret = -errno;
	else if (st->verb == GD_STEP_WRITE && (size_t)n != len)
		ret = -EIO;
	close(fd);
	return ret;
}

static int run_exec(const struct gd_step *st)
{
	char *argv[GD_STEP_ARGS_MAX + 1];
	char path[] = "PATH=/sbin:/bin:/usr/sbin:/usr/bin";
	char *envp[2] = { path, NULL };
	char *a = (char *)st->args;
	unsigned int i;

	for (i = 0; i < st->argc; i++) {
		argv[i] = a;
		a += strlen(a) + 1;
	}
	argv[i] = NULL;
	execve(argv[0], argv, envp);
	return -errno;
}

int gd_steps_run(const struct gd_steps *s, int *failed)
{
	unsigned int i;
	int ret = 0;

	for (i = 0; i < s->n && !ret; i++) {
		const struct gd_step *st = &s->step[i];

		*failed = i;
		switch (st->verb) {
		case GD_STEP_MKDIR:
			ret = mkdir(st->path, 0755) ? -errno : 0;
			break;
		case GD_STEP_RMDIR:
			ret = rmdir(st->path) ? -errno : 0;
			break;
		case GD_STEP_WRITE:
		case GD_STEP_READ:
			ret = run_rw(st);
			break;
		case GD_STEP_EXEC:
			ret = run_exec(st);
			break;
		}
	}
	if (!ret)
		*failed = -1;
	return ret;
}
