// SPDX-License-Identifier: GPL-2.0
/*
 * The records of vm/known-kernel-reports (gendisk_known_reports.h), in
 * its format: paragraphs of "report: FUNC...", an optional
 * "fault: FUNC..." and "why: TEXT" with indented continuation lines;
 * '#' lines are comments.
 */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "gendisk_known_reports.h"

#define GD_KNOWN_MAX 32
#define GD_KNOWN_FRAMES 8
#define GD_KNOWN_FUNC 64
#define GD_KNOWN_WHY 1024

struct gd_known_record {
	char report[GD_KNOWN_FRAMES][GD_KNOWN_FUNC];
	int nreport;
	char fault[GD_KNOWN_FRAMES][GD_KNOWN_FUNC];
	int nfault;
	char why[GD_KNOWN_WHY];
};

static struct gd_known_record records[GD_KNOWN_MAX];
static int nrecords;

/* The words of @value into @out; -1 when there are too many or too long. */
static int read_frames(char *value, char out[][GD_KNOWN_FUNC], int *n)
{
	char *save = NULL, *w;

	*n = 0;
	for (w = strtok_r(value, " \t", &save); w;
	     w = strtok_r(NULL, " \t", &save)) {
		if (*n == GD_KNOWN_FRAMES || strlen(w) >= GD_KNOWN_FUNC)
			return -1;
		snprintf(out[(*n)++], GD_KNOWN_FUNC, "%s", w);
	}
	return 0;
}

/* A paragraph ended: keep its record if it is whole. */
static int end_record(struct gd_known_record *r, bool *open)
{
	if (!*open)
		return 0;
	*open = false;
	if (!r->nreport || !r->why[0])
		return -1;
	nrecords++;
	return 0;
}

static int default_path(char *buf, size_t len)
{
	char exe[PATH_MAX];
	ssize_t n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	char *slash;

	if (n <= 0)
		return -1;
	exe[n] = '\0';
	slash = strrchr(exe, '/');
	if (!slash)
		return -1;
	*slash = '\0';
	snprintf(buf, len, "%s/known-kernel-reports", exe);
	return 0;
}

int gd_known_load(const char *path, char *err, size_t errlen)
{
	char def[PATH_MAX + 32], line[1024];
	struct gd_known_record *r = NULL;
	bool open = false;
	int no = 0;
	FILE *f;

	nrecords = 0;
	if (!path) {
		if (default_path(def, sizeof(def))) {
			snprintf(err, errlen, "no path of this program");
			return -ENOENT;
		}
		path = def;
	}
	f = fopen(path, "re");
	if (!f) {
		int e = errno;

		snprintf(err, errlen, "%s: %s", path, strerror(e));
		return -e;
	}
	while (fgets(line, sizeof(line), f)) {
		char *value;

		no++;
		line[strcspn(line, "\n")] = '\0';
		if (!line[0] || line[0] == '#') {
			if (!line[0] && end_record(r, &open))
				goto bad;
			continue;
		}
		if (isspace((unsigned char)line[0])) {
			size_t used;

			if (!open || !r->why[0])
				goto bad;
			used = strlen(r->why);
			snprintf(r->why + used, sizeof(r->why) - used, " %s",
				 line + strspn(line, " \t"));
			continue;
		}
		if (!open) {
			if (nrecords == GD_KNOWN_MAX)
				goto bad;
			r = &records[nrecords];
			memset(r, 0, sizeof(*r));
			open = true;
		}
		value = strchr(line, ':');
		if (!value)
			goto bad;
		*value++ = '\0';
		value += strspn(value, " \t");
		if (!strcmp(line, "report")) {
			if (read_frames(value, r->report, &r->nreport))
				goto bad;
		} else if (!strcmp(line, "fault")) {
			if (read_frames(value, r->fault, &r->nfault))
				goto bad;
		} else if (!strcmp(line, "why")) {
			snprintf(r->why, sizeof(r->why), "%s", value);
		} else {
			goto bad;
		}
	}
	fclose(f);
	if (end_record(r, &open)) {
		no++;
		goto bad_closed;
	}
	return 0;
bad:
	fclose(f);
bad_closed:
	snprintf(err, errlen, "%s:%d: not a record line of known-kernel-reports",
		 path, no);
	nrecords = 0;
	return -EINVAL;
}

/*
 * @func is a frame of @lines: "FUNC+0x" or "FUNC.isra.0+0x" at the start
 * of a word (after a blank or '>'), as the host matches it.
 */
static bool has_frame(const char *lines, const char *func)
{
	size_t len = strlen(func);
	const char *p;

	for (p = strstr(lines, func); p; p = strstr(p + 1, func)) {
		const char *q = p + len;

		if (p != lines && !isspace((unsigned char)p[-1]) && p[-1] != '>')
			continue;
		if (*q == '.') {	/* a compiler suffix: .isra.0 */
			const char *s = q + 1;

			while (islower((unsigned char)*s))
				s++;
			if (s > q + 1 && *s == '.' &&
			    isdigit((unsigned char)s[1])) {
				for (s++; isdigit((unsigned char)*s); s++)
					;
				q = s;
			}
		}
		if (!strncmp(q, "+0x", 3))
			return true;
	}
	return false;
}

const char *gd_known_match(const char *report, const char *fault)
{
	int i, j;

	for (i = 0; i < nrecords; i++) {
		const struct gd_known_record *r = &records[i];
		bool all = true;

		for (j = 0; all && j < r->nreport; j++)
			all = has_frame(report, r->report[j]);
		for (j = 0; all && j < r->nfault; j++)
			all = has_frame(fault, r->fault[j]);
		if (all)
			return r->why;
	}
	return NULL;
}
