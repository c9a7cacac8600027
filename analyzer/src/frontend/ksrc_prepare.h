/* --ksrc TREE: the generated headers of a kernel source tree, prepared once in the cache. */
#ifndef GENDISK_LINT_KSRC_PREPARE_H
#define GENDISK_LINT_KSRC_PREPARE_H

#include <stddef.h>

/*
 * A kbuild dir for the kernel source tree at tree (its root): the tree
 * itself when it is configured and prepared in place
 * (include/config/auto.conf and include/generated/autoconf.h), else
 * $GENDISK_CHECK_CACHE/ksrc/<VERSION.PATCHLEVEL>-<hash of its real path>,
 * made once without writing the tree ("make -C TREE O=<dir> allmodconfig"
 * when it has no .config, then "make -C TREE O=<dir> -jN modules_prepare",
 * at nice 10, output in <dir>.log).  A lock (<dir>.lock) keeps two runs
 * from preparing at once; a stamp (<dir>/.gendisk-lint-prepared, holding
 * the tree's path) says the dir is done.  Returns 0 and *objdir (owned),
 * or -1 with one line in err (which step failed, its exit status, the
 * first error line of its output, the log's path).  Unless quiet, a line
 * on stderr says when the preparation starts.
 */
int ksrc_prepare(const char *tree, int jobs, int quiet, char **objdir, char *err, size_t errlen);

#endif
