/* -j N worker processes with a per-file time limit and their peak RSS. */
#include "worker_processes.h"

#include "result_wire.h"

#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

struct worker {
	pid_t pid;            /* 0: no process */
	int job_fd;           /* parent writes job indexes */
	int result_fd;        /* parent reads results */
	long busy;            /* the job it is on, or -1 */
	size_t given;         /* jobs handed to this process so far */
	double deadline;
	size_t usage;         /* its entry in run->usage */
};

static double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static int write_all(int fd, const void *p, size_t n)
{
	const char *c = p;

	while (n) {
		ssize_t w = write(fd, c, n);

		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			return -1;
		c += w;
		n -= (size_t)w;
	}
	return 0;
}

/* 0 when n bytes were read, -1 on EOF or error. */
static int read_all(int fd, void *p, size_t n)
{
	char *c = p;

	while (n) {
		ssize_t r = read(fd, c, n);

		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			return -1;
		c += r;
		n -= (size_t)r;
	}
	return 0;
}

/* The worker's life: job indexes in, results out, until the job pipe closes. */
static void worker_main(struct worker_run *run, int job_fd, int result_fd)
{
	uint64_t i;

	while (read_all(job_fd, &i, sizeof(i)) == 0 && i < run->njobs) {
		struct file_result res;
		struct wire_buffer buf = { 0 };
		uint64_t len;

		run->analyse(run->ctx, (size_t)i, &res);
		result_wire_encode(&res, &buf);
		file_result_free(&res);
		len = buf.len;
		if (write_all(result_fd, &len, sizeof(len)) != 0 ||
		    write_all(result_fd, buf.data, buf.len) != 0) {
			wire_buffer_free(&buf);
			break;
		}
		wire_buffer_free(&buf);
	}
	if (run->worker_exit)
		run->worker_exit(run->ctx);
	close(job_fd);
	close(result_fd);
}

static int spawn(struct worker_run *run, struct worker *ws, int nw, struct worker *w)
{
	int jp[2], rp[2];
	pid_t pid;

	if (pipe(jp) != 0)
		return -1;
	if (pipe(rp) != 0) {
		close(jp[0]);
		close(jp[1]);
		return -1;
	}
	fflush(stdout);
	fflush(stderr);
	pid = fork();
	if (pid < 0) {
		close(jp[0]);
		close(jp[1]);
		close(rp[0]);
		close(rp[1]);
		return -1;
	}
	if (pid == 0) {
		/* The other workers' pipes: holding their ends would keep them alive. */
		for (int k = 0; k < nw; k++) {
			if (ws[k].pid > 0 && &ws[k] != w) {
				close(ws[k].job_fd);
				close(ws[k].result_fd);
			}
		}
		close(jp[1]);
		close(rp[0]);
		signal(SIGPIPE, SIG_DFL);
		worker_main(run, jp[0], rp[1]);
		exit(0);
	}
	close(jp[0]);
	close(rp[1]);
	w->pid = pid;
	w->job_fd = jp[1];
	w->result_fd = rp[0];
	w->busy = -1;
	w->given = 0;
	run->usage = xrealloc(run->usage, (run->nusage + 1) * sizeof(*run->usage));
	memset(&run->usage[run->nusage], 0, sizeof(run->usage[run->nusage]));
	run->usage[run->nusage].pid = (long)pid;
	w->usage = run->nusage++;
	return 0;
}

static struct worker_usage *usage_of(struct worker_run *run, const struct worker *w)
{
	return &run->usage[w->usage];
}

/* Wait for the worker's end (after closing its pipes) and record its usage. */
static int reap(struct worker_run *run, struct worker *w, int kill_it)
{
	struct rusage ru;
	int status = 0;
	struct worker_usage *u = usage_of(run, w);

	if (kill_it)
		kill(w->pid, SIGKILL);
	close(w->job_fd);
	close(w->result_fd);
	while (wait4(w->pid, &status, 0, &ru) < 0) {
		if (errno != EINTR) {
			memset(&ru, 0, sizeof(ru));
			break;
		}
	}
	u->max_rss_kb = ru.ru_maxrss;
	u->cpu_s = (double)ru.ru_utime.tv_sec + (double)ru.ru_utime.tv_usec / 1e6 +
		   (double)ru.ru_stime.tv_sec + (double)ru.ru_stime.tv_usec / 1e6;
	u->killed = kill_it;
	w->pid = 0;
	return status;
}

static void fail_job(struct worker_run *run, size_t i, int timed_out, const char *why)
{
	struct file_result *r = &run->results[i];

	memset(r, 0, sizeof(*r));
	r->status = FILE_ERROR;
	r->timed_out = timed_out;
	r->crashed = !timed_out;
	r->message = xstrdup(why);
	if (timed_out)
		run->timeouts++;
	else
		run->crashes++;
	if (run->finished)
		run->finished(run->ctx, i);
}

static char *death_reason(int status)
{
	if (WIFSIGNALED(status))
		return xasprintf("the analysis crashed (signal %d, %s); the file was skipped",
				 WTERMSIG(status), strsignal(WTERMSIG(status)));
	return xasprintf("the analysis ended without a result (exit status %d); "
			 "the file was skipped", WIFEXITED(status) ? WEXITSTATUS(status) : -1);
}

int worker_processes_run(struct worker_run *run)
{
	int nw = run->nworkers < (int)run->njobs ? run->nworkers : (int)run->njobs;
	struct worker *ws;
	struct pollfd *pfd;
	size_t next = 0, done = 0;
	void (*old_pipe)(int);

	if (nw < 1)
		nw = 1;
	if (!run->njobs)
		return 0;
	ws = xcalloc((size_t)nw, sizeof(*ws));
	pfd = xcalloc((size_t)nw, sizeof(*pfd));
	old_pipe = signal(SIGPIPE, SIG_IGN);
	for (int k = 0; k < nw; k++)
		if (spawn(run, ws, nw, &ws[k]) != 0 && k == 0) {
			free(ws);
			free(pfd);
			signal(SIGPIPE, old_pipe);
			return -1;
		}
	while (done < run->njobs) {
		int npfd = 0, wait_ms = -1;
		double t = now_s();

		/* Hand out work; replace workers that are gone. */
		for (int k = 0; k < nw; k++) {
			struct worker *w = &ws[k];
			uint64_t i;

			if (!w->pid && next < run->njobs && spawn(run, ws, nw, w) != 0)
				continue;
			if (!w->pid || w->busy >= 0 || next >= run->njobs)
				continue;
			i = next;
			if (write_all(w->job_fd, &i, sizeof(i)) != 0) {
				reap(run, w, 1); /* died while idle: the job goes to a new one */
				continue;
			}
			next++;
			w->busy = (long)i;
			w->deadline = now_s() + run->timeout_s +
				      (w->given++ == 0 ? run->first_file_extra_s : 0);
			if (run->started)
				run->started(run->ctx, (size_t)i);
		}
		for (int k = 0; k < nw; k++) {
			double left;

			if (!ws[k].pid || ws[k].busy < 0)
				continue;
			pfd[npfd].fd = ws[k].result_fd;
			pfd[npfd].events = POLLIN;
			pfd[npfd].revents = 0;
			npfd++;
			left = ws[k].deadline - t;
			if (left < 0)
				left = 0;
			if (wait_ms < 0 || left * 1000 + 1 < wait_ms)
				wait_ms = (int)(left * 1000) + 1;
		}
		if (!npfd) {
			/* no worker could be started: the rest cannot be analysed */
			for (; next < run->njobs; next++, done++)
				fail_job(run, next, 0, "no worker process could be started");
			break;
		}
		if (poll(pfd, (nfds_t)npfd, wait_ms) < 0 && errno != EINTR)
			break;
		t = now_s();
		for (int k = 0; k < nw; k++) {
			struct worker *w = &ws[k];
			int readable = 0;

			if (!w->pid || w->busy < 0)
				continue;
			for (int p = 0; p < npfd; p++)
				if (pfd[p].fd == w->result_fd && pfd[p].revents)
					readable = 1;
			if (readable) {
				uint64_t len;
				unsigned char *data = NULL;
				size_t i = (size_t)w->busy;
				int ok = read_all(w->result_fd, &len, sizeof(len)) == 0 &&
					 len < ((uint64_t)1 << 32);

				if (ok) {
					data = xmalloc(len ? len : 1);
					ok = read_all(w->result_fd, data, len) == 0 &&
					     result_wire_decode(data, len, &run->results[i]) == 0;
				}
				free(data);
				w->busy = -1;
				done++;
				if (ok) {
					usage_of(run, w)->files++;
					if (run->finished)
						run->finished(run->ctx, i);
				} else {
					char *why = death_reason(reap(run, w, 1));

					fail_job(run, i, 0, why);
					free(why);
				}
			} else if (t >= w->deadline) {
				size_t i = (size_t)w->busy;
				char *why = xasprintf("timed out after %g s (--file-timeout); the "
						      "file was skipped", run->timeout_s);

				reap(run, w, 1);
				w->busy = -1;
				done++;
				fail_job(run, i, 1, why);
				free(why);
			}
		}
	}
	for (int k = 0; k < nw; k++)
		if (ws[k].pid)
			reap(run, &ws[k], 0); /* closing its job pipe ends it */
	signal(SIGPIPE, old_pipe);
	free(ws);
	free(pfd);
	return 0;
}
