/* The progress line on a terminal (see progress.h). */
#include "progress.h"

#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

void progress_init(struct progress *p, size_t total, int wanted)
{
	memset(p, 0, sizeof(*p));
	pthread_mutex_init(&p->lock, NULL);
	p->fd = STDERR_FILENO;
	p->total = total;
	p->enabled = wanted && total > 1 && isatty(p->fd);
}

static size_t terminal_width(int fd)
{
	struct winsize ws;

	if (ioctl(fd, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 10)
		return ws.ws_col;
	return 80;
}

static void write_all(int fd, const char *buf, size_t n)
{
	while (n > 0) {
		ssize_t w = write(fd, buf, n);

		if (w <= 0)
			return; /* the terminal went away: nothing to report to */
		buf += w;
		n -= (size_t)w;
	}
}

/* With p->lock held.  One write per redraw; the line is cut to the terminal's
 * width (keeping the end of the file name) so that '\r' can rewrite it. */
static void draw(struct progress *p)
{
	char head[96], line[512];
	size_t width = terminal_width(p->fd) - 1, hn, room;
	const char *file = p->current ? p->current : "";
	size_t fn = strlen(file);
	int n;

	n = snprintf(head, sizeof(head), "[%zu/%zu] %zu finding%s  ", p->done, p->total,
		     p->findings, p->findings == 1 ? "" : "s");
	hn = n > 0 ? (size_t)n : 0;
	if (width > sizeof(line) - 8)
		width = sizeof(line) - 8;
	if (hn > width)
		hn = width;
	room = width - hn;
	if (fn > room) {
		file += fn - room;
		fn = room;
	}
	/* "\r", the text, then erase to the end of the line */
	n = snprintf(line, sizeof(line), "\r%.*s%.*s\033[K", (int)hn, head, (int)fn, file);
	if (n > 0)
		write_all(p->fd, line, (size_t)n < sizeof(line) ? (size_t)n : sizeof(line) - 1);
	p->drawn = 1;
}

void progress_file_started(struct progress *p, const char *display)
{
	if (!p->enabled)
		return;
	pthread_mutex_lock(&p->lock);
	p->current = display;
	draw(p);
	pthread_mutex_unlock(&p->lock);
}

void progress_file_finished(struct progress *p, size_t nfindings)
{
	if (!p->enabled)
		return;
	pthread_mutex_lock(&p->lock);
	p->done++;
	p->findings += nfindings;
	draw(p);
	pthread_mutex_unlock(&p->lock);
}

void progress_end(struct progress *p)
{
	if (p->enabled && p->drawn)
		write_all(p->fd, "\r\033[K", 4);
	p->drawn = 0;
	pthread_mutex_destroy(&p->lock);
}
