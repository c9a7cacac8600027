/* Derive (and cache) the kernel's compile flags for out-of-tree code from a kbuild dir. */
#include "kdir_flags.h"

#include "cache_dir.h"
#include "flag_translation.h"
#include "fnv_hash.h"
#include "kbuild_cmd.h"
#include "read_file.h"
#include "remove_tree.h"
#include "shell_words.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#define PROBE_NAME "gendisk_lint_probe"

static int write_file(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");

	if (!f)
		return -1;
	fputs(text, f);
	return fclose(f);
}

/* Run make -C kdir M=tmp PROBE.o V=1 with stdout+stderr to tmp/make.log. */
static int run_kbuild(const char *kdir, const char *tmp)
{
	char *mflag = xasprintf("M=%s", tmp);
	char *log = xasprintf("%s/make.log", tmp);
	int status = -1;
	pid_t pid = fork();

	if (pid == 0) {
		int fd = open(log, O_WRONLY | O_CREAT | O_TRUNC, 0644);

		if (fd >= 0) {
			dup2(fd, 1);
			dup2(fd, 2);
			close(fd);
		}
		execlp("make", "make", "-s", "-C", kdir, mflag, PROBE_NAME ".o", "V=1",
		       (char *)NULL);
		_exit(127);
	}
	if (pid > 0)
		waitpid(pid, &status, 0);
	free(mflag);
	free(log);
	return status;
}

/* The compiler command kbuild used for the probe, from .cmd or the V=1 echo. */
static char *find_compile_command(const char *tmp)
{
	char *cmdfile = xasprintf("%s/." PROBE_NAME ".o.cmd", tmp);
	char *logfile = xasprintf("%s/make.log", tmp);
	struct kbuild_cmd saved;
	char *text, *found = NULL;

	if (kbuild_cmd_read(cmdfile, &saved) == 0) {
		found = saved.command;
		saved.command = NULL;
		kbuild_cmd_free(&saved);
	}
	if (!found) {
		text = read_file(logfile, NULL);
		for (char *line = text; line && *line;) {
			char *end = strchr(line, '\n');
			size_t n = end ? (size_t)(end - line) : strlen(line);
			char *l = xstrndup(line, n);

			if (strstr(l, "-nostdinc") && strstr(l, PROBE_NAME ".c") &&
			    !strstr(l, "-D__GENKSYMS__")) {
				found = l;
				break;
			}
			free(l);
			line = end ? end + 1 : NULL;
		}
		free(text);
	}
	free(cmdfile);
	free(logfile);
	return found;
}

static int derive(const char *kdir, struct string_list *out, char *err, size_t errlen)
{
	const char *tmpbase = getenv("TMPDIR");
	char *tmp = xasprintf("%s/gendisk-lint-flags.XXXXXX", tmpbase && *tmpbase ? tmpbase : "/tmp");
	char *path, *cmd;
	struct string_list words = { 0 };
	int rc = -1;

	if (!mkdtemp(tmp)) {
		snprintf(err, errlen, "cannot create a temporary directory: %s", strerror(errno));
		free(tmp);
		return -1;
	}
	path = xasprintf("%s/Makefile", tmp);
	write_file(path, "obj-m := " PROBE_NAME ".o\n");
	free(path);
	path = xasprintf("%s/" PROBE_NAME ".c", tmp);
	write_file(path, "#include <linux/module.h>\nMODULE_LICENSE(\"GPL\");\n");
	free(path);
	run_kbuild(kdir, tmp);
	cmd = find_compile_command(tmp);
	if (!cmd) {
		snprintf(err, errlen,
			 "%s: kbuild printed no compile command (is it a kernel build or headers dir? see make -C %s M=... V=1)",
			 kdir, kdir);
		goto out;
	}
	shell_split(cmd, &words);
	translate_gcc_flags(&words, kdir, 0, out);
	if (!string_list_contains(out, "-nostdinc")) {
		snprintf(err, errlen, "%s: unexpected kbuild compile command (no -nostdinc)", kdir);
		string_list_free(out);
		goto out;
	}
	rc = 0;
out:
	free(cmd);
	string_list_free(&words);
	remove_tree(tmp);
	free(tmp);
	return rc;
}

int kdir_flags(const char *kdir, struct string_list *out, char *err, size_t errlen)
{
	char real[PATH_MAX];
	char *uts_path, *uts, *root, *dir, *cache_file, *tmp_file, *cached;
	uint64_t h;
	size_t uts_len = 0;

	if (!realpath(kdir, real)) {
		snprintf(err, errlen, "%s: %s", kdir, strerror(errno));
		return -1;
	}
	uts_path = xasprintf("%s/include/generated/utsrelease.h", real);
	uts = read_file(uts_path, &uts_len);
	free(uts_path);
	if (!uts) {
		snprintf(err, errlen, "%s: not a kernel build dir (no include/generated/utsrelease.h)",
			 kdir);
		return -1;
	}
	h = fnv1a64_str(FNV1A64_OFFSET_BASIS, real);
	h = fnv1a64_bytes(h, uts, uts_len);
	free(uts);

	root = cache_root();
	dir = xasprintf("%s/flags", root);
	cache_file = xasprintf("%s/%016llx.flags", dir, (unsigned long long)h);
	cached = read_file(cache_file, NULL);
	if (cached) {
		for (char *line = cached; *line;) {
			char *end = strchr(line, '\n');

			if (!end)
				break;
			*end = '\0';
			if (*line)
				string_list_push(out, line);
			line = end + 1;
		}
		free(cached);
		if (out->len > 0)
			goto done;
	}
	if (derive(real, out, err, errlen) != 0) {
		free(root);
		free(dir);
		free(cache_file);
		return -1;
	}
	if (cache_dir_create(dir) == 0) {
		char *text = string_list_join_lines(out);

		tmp_file = xasprintf("%s.%ld.tmp", cache_file, (long)getpid());
		if (write_file(tmp_file, text) == 0)
			rename(tmp_file, cache_file);
		else
			unlink(tmp_file);
		free(tmp_file);
		free(text);
	}
done:
	free(root);
	free(dir);
	free(cache_file);
	return 0;
}
