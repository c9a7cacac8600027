// SPDX-License-Identifier: GPL-2.0
/*
 * Client of the QMP channel; see gendisk_qmp.h and vm/qmp.
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#include "gendisk_qmp.h"

#define GD_QMP_LINE_MAX 512

static long long gd_qmp_now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000LL + ts.tv_nsec / 1000000;
}

bool gd_qmp_available(char *why, size_t whylen)
{
	const char *port = getenv("GDC_QMP_PORT");
	struct stat st;

	if (!port || !*port) {
		snprintf(why, whylen,
			 "no QMP channel: GDC_QMP_PORT is unset (selftests/run gives one to profiles with HOTPLUG=qmp or RESIZE=qmp)");
		return false;
	}
	if (stat(port, &st) || !S_ISCHR(st.st_mode)) {
		snprintf(why, whylen, "no QMP channel: %s is not a character device",
			 port);
		return false;
	}
	return true;
}

/* Raw mode: no echo (the answer would come back as a request), no CR/LF. */
static int gd_qmp_open(const char *port)
{
	struct termios tio;
	int fd;

	fd = open(port, O_RDWR | O_NOCTTY | O_CLOEXEC);
	if (fd < 0)
		return -1;
	if (!tcgetattr(fd, &tio)) {
		cfmakeraw(&tio);
		tcsetattr(fd, TCSANOW, &tio);
		/* An answer to an earlier, timed-out request is stale. */
		tcflush(fd, TCIFLUSH);
	}
	return fd;
}

int gd_qmp_request(const char *command, unsigned int timeout_ms,
		   char *res, size_t reslen)
{
	static unsigned int seq;
	const char *port = getenv("GDC_QMP_PORT");
	char id[32], req[GD_QMP_LINE_MAX], line[GD_QMP_LINE_MAX], want[48];
	long long deadline = gd_qmp_now_ms() + timeout_ms;
	size_t used = 0;
	int fd, n;

	if (!gd_qmp_available(res, reslen))
		return -1;
	fd = gd_qmp_open(port);
	if (fd < 0) {
		snprintf(res, reslen, "open %s: %s", port, strerror(errno));
		return -1;
	}
	snprintf(id, sizeof(id), "c%d-%u", (int)getpid(), ++seq);
	n = snprintf(req, sizeof(req), "GDCQMP %s %s\n", id, command);
	if (n < 0 || (size_t)n >= sizeof(req) || write(fd, req, n) != n) {
		snprintf(res, reslen, "write to %s failed: %s", port,
			 strerror(errno));
		close(fd);
		return -1;
	}
	snprintf(want, sizeof(want), "GDCQMP %s ", id);
	for (;;) {
		long long left = deadline - gd_qmp_now_ms();
		struct pollfd pfd = { .fd = fd, .events = POLLIN };
		char *nl, *hit;
		ssize_t got;

		if (left <= 0 || poll(&pfd, 1, (int)left) <= 0) {
			snprintf(res, reslen,
				 "no answer to '%s' within %u ms (is vm/qmp bridge running?)",
				 command, timeout_ms);
			break;
		}
		got = read(fd, line + used, sizeof(line) - 1 - used);
		if (got <= 0) {
			if (got < 0 && errno == EINTR)
				continue;
			snprintf(res, reslen, "read %s: %s", port,
				 got ? strerror(errno) : "end of file");
			break;
		}
		used += got;
		line[used] = '\0';
		while ((nl = memchr(line, '\n', used))) {
			*nl = '\0';
			hit = strstr(line, want);
			if (hit) {
				const char *r = hit + strlen(want);
				bool ok = !strncmp(r, "ok", 2);

				r += (ok || !strncmp(r, "err", 3)) ?
				     (ok ? 2 : 3) : 0;
				r += *r == ' ';
				snprintf(res, reslen, "%.*s",
					 (int)strcspn(r, "\r"), r);
				close(fd);
				return ok ? 0 : -1;
			}
			used -= nl + 1 - line;
			memmove(line, nl + 1, used);
			line[used] = '\0';
		}
		if (used == sizeof(line) - 1)
			used = 0;	/* an over-long line: not ours */
	}
	close(fd);
	return -1;
}
