/*
 * The compile commands of an out-of-tree module directory given as an
 * input with --kdir: its own kbuild commands (ccflags-y, -D, -I), so that
 * a driver choosing its API with -DHAVE_... flags from its Kbuild is
 * parsed in the #if branches its build compiles.  Taken from the
 * .NAME.o.cmd files of a build in place when there are some (of this
 * kernel), else from a build of a scratch copy of the directory
 * (make -C KDIR M=<copy> modules; the user's tree is never written).
 */
#ifndef GENDISK_LINT_MODULE_BUILD_H
#define GENDISK_LINT_MODULE_BUILD_H

#include "compile_db.h"

/*
 * Is DIR an out-of-tree module directory: it holds a Kbuild file, or a
 * Makefile with kbuild syntax (an obj-m, obj-y or obj-$(...) assignment),
 * and no directory above it (nor itself) is the root of a kernel source
 * tree (scripts/Makefile.build and Kconfig, or kernel_tree_root(): there per-directory flags come
 * from a build of the tree, --kbuild-dir).
 */
int module_dir_is_module(const char *dir);

enum module_cmds_source {
	MODULE_CMDS_NONE,     /* no commands: see reason */
	MODULE_CMDS_IN_PLACE, /* the .NAME.o.cmd files of a build in place */
	MODULE_CMDS_BUILT,    /* a build of a scratch copy */
};

struct module_cmds {
	enum module_cmds_source source;
	int build_failed;  /* the build (or its start) failed: reason says how */
	char *reason;      /* why there are no or not all commands (NULL: none) */
	char *detail;      /* what was done, for -v */
	double seconds;    /* the build's wall time */
};

/*
 * Adds to db one entry per C file of module DIR that kbuild compiled, with
 * its own command translated for clang (kbuild_dir.h), paths naming DIR's
 * files (a scratch copy's paths are mapped back, -I included).  jobs: make's
 * -j; timeout_s: the build is killed after that long.  The copy lives
 * under $TMPDIR and is removed before returning.  A build that fails still
 * gives the commands of every object it compiled.  Returns the number of
 * entries added and fills out (free with module_cmds_free).
 */
size_t module_build_commands(const char *dir, const char *kdir, int jobs, double timeout_s,
			     struct compile_db *db, struct module_cmds *out);
void module_cmds_free(struct module_cmds *m);

/* The environment variable set for the module build: a gendisk-lint run
 * inside it (kbuild's C=1 CHECK=gendisk-lint) builds no module itself. */
#define MODULE_BUILD_ENV "GENDISK_LINT_IN_MODULE_BUILD"

#endif
