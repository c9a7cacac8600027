/* The -I dirs a kernel tree directory's Makefile gives its files (ccflags-y and kin). */
#ifndef GENDISK_LINT_DIR_CCFLAGS_H
#define GENDISK_LINT_DIR_CCFLAGS_H

#include "string_list.h"

/*
 * Appends "-I DIR" to out for every include dir that kbuild's per-directory
 * flags give the files of dir (a directory of the kernel tree at root):
 * ccflags-y, ccflags-$(CONFIG_...), EXTRA_CFLAGS and CFLAGS_<obj>.o of
 * dir's Kbuild or Makefile and of a Makefile above it that builds dir's
 * objects itself ("sub/NAME.o"), subdir-ccflags-y of it and of every
 * directory above it up to root.  $(srctree), $(src), $(obj) and relative dirs
 * (relative to root, where kbuild runs) are resolved; a dir that does not
 * exist, or one already in out, is left out.  Read from the text, not run:
 * flags behind make conditionals are all taken.
 */
void dir_ccflags_includes(const char *root, const char *dir, struct string_list *out);

#endif
