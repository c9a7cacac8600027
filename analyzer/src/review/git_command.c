/* Running git (no shell) and capturing its stdout (see git_command.h). */
#include "git_command.h"

#include "string_list.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

int git_run(const char *const *argv, int show_stderr, struct git_output *out)
{
	int fd[2], st;
	size_t argc = 0, cap = 0;
	pid_t pid;
	char **args;

	memset(out, 0, sizeof(*out));
	while (argv[argc])
		argc++;
	args = xcalloc(argc + 2, sizeof(*args));
	args[0] = (char *)"git";
	for (size_t i = 0; i < argc; i++)
		args[i + 1] = (char *)argv[i];
	if (pipe(fd) != 0) {
		free(args);
		return -1;
	}
	pid = fork();
	if (pid < 0) {
		close(fd[0]);
		close(fd[1]);
		free(args);
		return -1;
	}
	if (pid == 0) {
		int devnull = open("/dev/null", O_RDWR);

		dup2(fd[1], 1);
		close(fd[0]);
		close(fd[1]);
		if (devnull >= 0) {
			dup2(devnull, 0);
			if (!show_stderr)
				dup2(devnull, 2);
		}
		execvp("git", args);
		_exit(127);
	}
	free(args);
	close(fd[1]);
	for (;;) {
		ssize_t n;

		if (out->len + 65536 + 1 > cap) {
			cap = (out->len + 65536 + 1) * 2;
			out->data = xrealloc(out->data, cap);
		}
		n = read(fd[0], out->data + out->len, cap - out->len - 1);
		if (n <= 0)
			break;
		out->len += (size_t)n;
	}
	close(fd[0]);
	out->data[out->len] = '\0';
	while (waitpid(pid, &st, 0) < 0)
		if (errno != EINTR) {
			out->status = -1;
			return 0;
		}
	out->status = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
	return 0;
}

void git_output_free(struct git_output *out)
{
	free(out->data);
	memset(out, 0, sizeof(*out));
}
