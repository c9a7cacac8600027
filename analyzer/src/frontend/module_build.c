/* An out-of-tree module's own compile commands: a build in place, or one of a scratch copy. */
#include "module_build.h"

#include "kbuild_dir.h"
#include "kernel_tree.h"
#include "read_file.h"
#include "remove_tree.h"
#include "string_list.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/* A directory bigger than this is not copied (the module build is skipped). */
#define COPY_MAX_FILES 20000
#define COPY_MAX_BYTES (512ULL << 20)
#define COPY_MAX_DEPTH 32
/* Entries of the parent directory linked beside the copy (for "../x.h"). */
#define SIBLINGS_MAX 4096

static int ends_with(const char *s, const char *suffix)
{
	size_t n = strlen(s), m = strlen(suffix);

	return n >= m && strcmp(s + n - m, suffix) == 0;
}

static int path_exists(const char *dir, const char *name, int want_dir)
{
	char *p = xasprintf("%s/%s", dir, name);
	struct stat st;
	int ok = stat(p, &st) == 0 && (want_dir ? S_ISDIR(st.st_mode) : S_ISREG(st.st_mode));

	free(p);
	return ok;
}

/* A Makefile line (after blanks) assigning obj-m, obj-y or obj-$(...). */
static int has_kbuild_syntax(const char *dir)
{
	char *path = xasprintf("%s/Makefile", dir);
	char *text = read_file(path, NULL);
	int found = 0;

	free(path);
	for (const char *line = text; line && *line && !found;) {
		const char *p = line, *end = strchr(line, '\n');

		while (*p == ' ' || *p == '\t')
			p++;
		if (strncmp(p, "obj-m", 5) == 0 || strncmp(p, "obj-y", 5) == 0 ||
		    strncmp(p, "obj-$(", 6) == 0) {
			p += p[4] == '$' ? 6 : 5;
			if (p[-1] == '(') { /* obj-$(CONFIG_FOO) */
				while (*p && *p != ')' && *p != '\n')
					p++;
				if (*p == ')')
					p++;
			}
			while (*p == ' ' || *p == '\t')
				p++;
			found = *p == '=' || ((*p == '+' || *p == ':' || *p == '?') && p[1] == '=');
		}
		line = end ? end + 1 : NULL;
	}
	free(text);
	return found;
}

/* Is real (a real path) in a kernel source tree, or its root?  Its kbuild
 * files, or the version lines and headers kernel_tree_root() asks for. */
static int in_kernel_tree(const char *real)
{
	char *d = xstrdup(real);
	int found = 0;

	for (;;) {
		char *slash;

		if ((path_exists(d, "scripts/Makefile.build", 0) && path_exists(d, "Kconfig", 0)) ||
		    kernel_tree_root(d, NULL)) {
			found = 1;
			break;
		}
		slash = strrchr(d, '/');
		if (!slash || slash == d)
			break;
		*slash = '\0';
	}
	free(d);
	return found;
}

int module_dir_is_module(const char *dir)
{
	char real[PATH_MAX];
	struct stat st;

	if (!realpath(dir, real) || stat(real, &st) != 0 || !S_ISDIR(st.st_mode))
		return 0;
	if (!path_exists(real, "Kbuild", 0) && !has_kbuild_syntax(real))
		return 0;
	return !in_kernel_tree(real);
}

void module_cmds_free(struct module_cmds *m)
{
	free(m->reason);
	free(m->detail);
	memset(m, 0, sizeof(*m));
}

static double now_s(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* ---- the kernel release of an in-place build --------------------------- */

/* UTS_RELEASE of kdir's include/generated/utsrelease.h (owned), or NULL. */
static char *kdir_release(const char *kdir)
{
	char *path = xasprintf("%s/include/generated/utsrelease.h", kdir);
	char *text = read_file(path, NULL), *q, *r = NULL;

	free(path);
	q = text ? strstr(text, "UTS_RELEASE") : NULL;
	q = q ? strchr(q, '"') : NULL;
	if (q && strchr(q + 1, '"'))
		r = xstrndup(q + 1, (size_t)(strchr(q + 1, '"') - q - 1));
	free(text);
	return r;
}

/* The release in a .ko's "vermagic=RELEASE ..." (owned), or NULL. */
static char *ko_release(const char *path)
{
	static const char key[] = "vermagic=";
	size_t len = 0;
	char *data = read_file(path, &len), *r = NULL;

	for (size_t i = 0; data && i + sizeof(key) <= len; i++) {
		if (memcmp(data + i, key, sizeof(key) - 1) == 0) {
			const char *s = data + i + sizeof(key) - 1;
			size_t n = 0;

			while (s + n < data + len && s[n] && s[n] != ' ')
				n++;
			r = xstrndup(s, n);
			break;
		}
	}
	free(data);
	return r;
}

/* The first .ko below dir built for another release than want: its path
 * (owned) and release in *got, or NULL when every .ko (or none) is want's. */
static char *other_release_ko(const char *dir, const char *want, char **got, int depth)
{
	DIR *d = depth < COPY_MAX_DEPTH ? opendir(dir) : NULL;
	struct dirent *e;
	char *found = NULL;

	if (!d)
		return NULL;
	while (!found && (e = readdir(d)) != NULL) {
		char *p;
		struct stat st;

		if (e->d_name[0] == '.')
			continue;
		p = xasprintf("%s/%s", dir, e->d_name);
		if (lstat(p, &st) == 0 && S_ISDIR(st.st_mode)) {
			found = other_release_ko(p, want, got, depth + 1);
		} else if (S_ISREG(st.st_mode) && ends_with(e->d_name, ".ko")) {
			char *r = ko_release(p);

			if (r && strcmp(r, want) != 0) {
				found = p;
				p = NULL;
				*got = r;
				r = NULL;
			}
			free(r);
		}
		free(p);
	}
	closedir(d);
	return found;
}

/* ---- the scratch copy --------------------------------------------------- */

struct copy {
	size_t files;
	unsigned long long bytes;
	char *err;
	size_t errlen;
};

/* kbuild's outputs of an earlier build in place: not copied. */
static int is_build_artifact(const char *name)
{
	return strcmp(name, ".git") == 0 || strcmp(name, ".tmp_versions") == 0 ||
	       strcmp(name, "modules.order") == 0 || strcmp(name, "Module.symvers") == 0 ||
	       ends_with(name, ".o") || ends_with(name, ".ko") || ends_with(name, ".mod") ||
	       ends_with(name, ".mod.c") || (name[0] == '.' && ends_with(name, ".cmd")) ||
	       (name[0] == '.' && ends_with(name, ".d"));
}

static int copy_file(const char *from, const char *to, mode_t mode, struct copy *c)
{
	int in = open(from, O_RDONLY | O_CLOEXEC), out;
	char buf[65536];
	ssize_t n = 0;

	if (in < 0)
		return 0; /* unreadable: the build says what it misses */
	out = open(to, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, (mode & 0777) | 0600);
	if (out < 0) {
		snprintf(c->err, c->errlen, "cannot write %s: %s", to, strerror(errno));
		close(in);
		return -1;
	}
	while ((n = read(in, buf, sizeof(buf))) > 0) {
		if (write(out, buf, (size_t)n) != n) {
			n = -1;
			break;
		}
		c->bytes += (unsigned long long)n;
	}
	close(in);
	if (close(out) != 0 || n < 0) {
		snprintf(c->err, c->errlen, "cannot write %s: %s", to, strerror(errno));
		return -1;
	}
	return 0;
}

/* Copies the files below from into to (created), symbolic links followed,
 * kbuild's artifacts left out; -1 with c->err past the size limits. */
static int copy_tree(const char *from, const char *to, struct copy *c, int depth)
{
	DIR *d;
	struct dirent *e;
	int rc = 0;

	if (depth > COPY_MAX_DEPTH)
		return 0;
	if (mkdir(to, 0700) != 0 && errno != EEXIST) {
		snprintf(c->err, c->errlen, "cannot create %s: %s", to, strerror(errno));
		return -1;
	}
	d = opendir(from);
	if (!d)
		return 0;
	while (rc == 0 && (e = readdir(d)) != NULL) {
		char *src, *dst;
		struct stat st;

		if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0 ||
		    is_build_artifact(e->d_name))
			continue;
		src = xasprintf("%s/%s", from, e->d_name);
		dst = xasprintf("%s/%s", to, e->d_name);
		if (stat(src, &st) != 0) {
			; /* a dangling link: nothing to copy */
		} else if (S_ISDIR(st.st_mode)) {
			rc = copy_tree(src, dst, c, depth + 1);
		} else if (S_ISREG(st.st_mode)) {
			if (++c->files > COPY_MAX_FILES ||
			    c->bytes + (unsigned long long)st.st_size > COPY_MAX_BYTES) {
				snprintf(c->err, c->errlen,
					 "the directory is too big to copy (over %d files or %llu MiB)",
					 COPY_MAX_FILES, COPY_MAX_BYTES >> 20);
				rc = -1;
			} else {
				rc = copy_file(src, dst, st.st_mode, c);
			}
		}
		free(src);
		free(dst);
	}
	closedir(d);
	return rc;
}

/* Links the entries of parent (but skip) into scratch, so that a relative
 * "../common/x.h" of the copy reaches the user's file. */
static void link_siblings(const char *parent, const char *skip, const char *scratch)
{
	DIR *d = opendir(parent);
	struct dirent *e;
	unsigned n = 0;

	if (!d)
		return;
	while ((e = readdir(d)) != NULL && n < SIBLINGS_MAX) {
		char *target, *link;

		if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0 ||
		    strcmp(e->d_name, skip) == 0)
			continue;
		target = xasprintf("%s/%s", strcmp(parent, "/") == 0 ? "" : parent, e->d_name);
		link = xasprintf("%s/%s", scratch, e->d_name);
		if (symlink(target, link) == 0)
			n++;
		free(target);
		free(link);
	}
	closedir(d);
}

/* A name kbuild's M= takes as it is (no blank, colon, '$' or '#'). */
static int plain_name(const char *s)
{
	for (; *s; s++)
		if (!(('a' <= *s && *s <= 'z') || ('A' <= *s && *s <= 'Z') ||
		      ('0' <= *s && *s <= '9') || *s == '_' || *s == '-' || *s == '.' ||
		      *s == '+' || *s == '/'))
			return 0;
	return 1;
}

/* ---- the build ----------------------------------------------------------- */

/*
 * make -k -jN -C kdir M=copy modules, run in copy (so an old-style
 * Makefile's $(PWD) is the copy), output to log, killed (its process group)
 * after timeout_s.  The caller's make variables are not passed on: the
 * build is kbuild's own.  Returns make's exit status, 127 when it could not
 * be run, -1 when it timed out.
 */
static int run_make(const char *kdir, const char *copy, int jobs, double timeout_s,
		    const char *log)
{
	char *mflag = xasprintf("M=%s", copy), *jflag = xasprintf("-j%d", jobs > 0 ? jobs : 1);
	double deadline = now_s() + timeout_s;
	int status = 0, rc;
	pid_t pid = fork();

	if (pid == 0) {
		int fd = open(log, O_WRONLY | O_CREAT | O_TRUNC, 0600), null = open("/dev/null", O_RDONLY);

		setpgid(0, 0);
		if (fd >= 0) {
			dup2(fd, 1);
			dup2(fd, 2);
			close(fd);
		}
		if (null >= 0) {
			dup2(null, 0);
			close(null);
		}
		if (chdir(copy) != 0)
			_exit(127);
		setenv("PWD", copy, 1);
		unsetenv("MAKEFLAGS");
		unsetenv("MFLAGS");
		unsetenv("GNUMAKEFLAGS");
		unsetenv("MAKEOVERRIDES");
		unsetenv("MAKELEVEL");
		unsetenv("KBUILD_EXTMOD");
		setenv(MODULE_BUILD_ENV, "1", 1);
		execlp("make", "make", "-k", jflag, "-C", kdir, mflag, "modules", (char *)NULL);
		_exit(127);
	}
	free(mflag);
	free(jflag);
	if (pid < 0)
		return 127;
	for (;;) {
		struct timespec pause = { 0, 20 * 1000 * 1000 };
		pid_t r = waitpid(pid, &status, WNOHANG);

		if (r == pid)
			break;
		if (r < 0 && errno != EINTR)
			return 127;
		if (now_s() > deadline) {
			kill(-pid, SIGKILL);
			kill(pid, SIGKILL);
			while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
				;
			return -1;
		}
		nanosleep(&pause, NULL);
	}
	rc = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
	return rc;
}

/* s with every "from" replaced by "to" (owned). */
static char *replace_all(const char *s, const char *from, const char *to)
{
	size_t fl = strlen(from), tl = strlen(to), n = 0;
	const char *p;
	char *out, *w;

	for (p = strstr(s, from); p; p = strstr(p + fl, from))
		n++;
	if (!n)
		return xstrdup(s);
	out = xmalloc(strlen(s) + n * tl + 1);
	w = out;
	for (p = s;;) {
		const char *q = strstr(p, from);

		if (!q) {
			memcpy(w, p, strlen(p) + 1);
			break;
		}
		memcpy(w, p, (size_t)(q - p));
		w += q - p;
		memcpy(w, to, tl);
		w += tl;
		p = q + fl;
	}
	return out;
}

struct path_map {
	const char *copy, *user;       /* the copy and the user's directory */
	const char *scratch, *parent;  /* the copy's parent and the user's */
};

static void map_string(char **s, const struct path_map *m)
{
	char *a, *b;

	if (!*s)
		return;
	a = replace_all(*s, m->copy, m->user);
	b = replace_all(a, m->scratch, m->parent);
	free(a);
	free(*s);
	*s = b;
}

static void map_list(struct string_list *l, const struct path_map *m)
{
	for (size_t i = 0; i < l->len; i++)
		map_string(&l->items[i], m);
}

/* The first error line of the build log, the copy's paths mapped (owned). */
static char *first_error(const char *log, const struct path_map *m)
{
	char *text = read_file(log, NULL), *found = NULL;

	for (char *line = text; line && *line && !found;) {
		char *end = strchr(line, '\n');

		if (end)
			*end = '\0';
		if (strstr(line, ": error: ") || strstr(line, ": fatal error: ") ||
		    strstr(line, "No rule to make target") || strncmp(line, "ERROR: ", 7) == 0 ||
		    strstr(line, "*** ")) {
			char *copy_dir = xasprintf("%s/", m->copy);

			/* the module's files by their names in it, as kbuild's M= log does not */
			found = replace_all(line, copy_dir, "");
			free(copy_dir);
			if (strlen(found) > 240)
				memcpy(found + 237, "...", 4);
			map_string(&found, m);
		}
		line = end ? end + 1 : NULL;
	}
	free(text);
	return found;
}

/* Moves the entries of from to the end of db. */
static size_t move_entries(struct compile_db *from, struct compile_db *db)
{
	size_t n = from->len;

	for (size_t i = 0; i < n; i++)
		*compile_db_append(db) = from->entries[i];
	free(from->entries);
	memset(from, 0, sizeof(*from));
	return n;
}

static size_t build_copy(const char *real, const char *kdir, int jobs, double timeout_s,
			 struct compile_db *db, struct module_cmds *out)
{
	const char *tmpbase = getenv("TMPDIR");
	char *scratch, *copy = NULL, *log = NULL, *parent, *base, *slash;
	char scratch_real[PATH_MAX], err[512] = "";
	struct copy c = { .err = err, .errlen = sizeof(err) };
	struct compile_db found = { 0 };
	struct path_map m;
	size_t added = 0;
	double t0 = now_s();
	int rc;

	if (!tmpbase || !*tmpbase || !plain_name(tmpbase))
		tmpbase = "/tmp";
	scratch = xasprintf("%s/gendisk-lint-module.XXXXXX", tmpbase);
	if (!mkdtemp(scratch) || !realpath(scratch, scratch_real)) {
		out->reason = xasprintf("cannot create a scratch directory: %s", strerror(errno));
		out->build_failed = 1;
		free(scratch);
		return 0;
	}
	slash = strrchr(real, '/');
	parent = slash == real ? xstrdup("/") : xstrndup(real, (size_t)(slash - real));
	base = xstrdup(slash + 1);
	copy = xasprintf("%s/%s", scratch_real, plain_name(base) && *base ? base : "module");
	log = xasprintf("%s/make.log", scratch_real);
	m = (struct path_map){ .copy = copy, .user = real, .scratch = scratch_real,
			       .parent = parent };
	if (copy_tree(real, copy, &c, 0) != 0) {
		out->reason = xstrdup(err);
		out->build_failed = 1;
		goto done;
	}
	link_siblings(parent, base, scratch_real);
	rc = run_make(kdir, copy, jobs, timeout_s, log);
	out->seconds = now_s() - t0;
	if (rc != 0) {
		char *e = rc > 0 && rc != 127 ? first_error(log, &m) : NULL;

		out->build_failed = 1;
		if (rc < 0)
			out->reason = xasprintf("make timed out after %.0f s", timeout_s);
		else if (rc == 127)
			out->reason = xstrdup("make could not be run");
		else if (e)
			out->reason = xasprintf("make exit %d: %s", rc, e);
		else
			out->reason = xasprintf("make exit %d", rc);
		free(e);
	}
	/* whatever compiled left its .o.cmd, also when modpost or BTF failed */
	if (kbuild_dir_load(copy, kdir, &found, err, sizeof(err)) == 0) {
		for (size_t i = 0; i < found.len; i++) {
			struct compile_entry *ce = &found.entries[i];

			map_string(&ce->file, &m);
			map_string(&ce->display, &m);
			map_list(&ce->arguments, &m);
			map_list(&ce->flags, &m);
		}
		added = move_entries(&found, db);
	} else if (!out->reason) {
		out->reason = xstrdup("the build compiled no C file of it");
	}
	out->source = added ? MODULE_CMDS_BUILT : MODULE_CMDS_NONE;
	out->detail = xasprintf("compile commands of %zu file%s from a build of a copy "
				"(make -C %s M=<copy> modules, %.1f s%s%s)",
				added, added == 1 ? "" : "s", kdir, out->seconds,
				out->reason ? ": " : "", out->reason ? out->reason : "");
done:
	compile_db_free(&found);
	remove_tree(scratch_real);
	free(scratch);
	free(copy);
	free(log);
	free(parent);
	free(base);
	return added;
}

size_t module_build_commands(const char *dir, const char *kdir, int jobs, double timeout_s,
			     struct compile_db *db, struct module_cmds *out)
{
	char real[PATH_MAX], kreal[PATH_MAX], err[512];
	struct compile_db found = { 0 };
	char *want, *got = NULL, *other;

	memset(out, 0, sizeof(*out));
	if (!realpath(dir, real) || !realpath(kdir, kreal)) {
		out->reason = xasprintf("%s: %s", dir, strerror(errno));
		out->build_failed = 1;
		return 0;
	}
	/* built in place for this kernel: its own commands */
	want = kdir_release(kreal);
	other = want ? other_release_ko(real, want, &got, 0) : NULL;
	if (!other && kbuild_dir_load(real, kreal, &found, err, sizeof(err)) == 0) {
		size_t n = move_entries(&found, db);

		out->source = MODULE_CMDS_IN_PLACE;
		out->detail = xasprintf("compile commands of %zu file%s from the build in place "
					"(.NAME.o.cmd)", n, n == 1 ? "" : "s");
		free(want);
		return n;
	}
	compile_db_free(&found);
	{
		size_t n = build_copy(real, kreal, jobs, timeout_s, db, out);

		if (other) {
			char *d = xasprintf("%s (the build in place is for %s: %s)", out->detail,
					    got, other);

			free(out->detail);
			out->detail = d;
		}
		free(want);
		free(got);
		free(other);
		return n;
	}
}
