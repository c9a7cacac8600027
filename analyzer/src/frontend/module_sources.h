/*
 * The other source files of a file's kernel module, read from the kbuild
 * makefile of its directory (Kbuild, else Makefile): a composite module
 *     obj-$(CONFIG_FOO) += foo.o
 *     foo-y := foo_main.o foo_disk.o
 *     foo-$(CONFIG_FOO_ZONED) += foo_zoned.o       (also foo-objs, foo-m)
 * makes foo_disk.c and foo_zoned.c the siblings of foo_main.c.  Any
 * configuration's objects count: a helper compiled only in some
 * configurations is still the module's.  A one-file module, or a file no
 * list names, has no siblings.
 */
#ifndef GENDISK_LINT_MODULE_SOURCES_H
#define GENDISK_LINT_MODULE_SOURCES_H

#include "string_list.h"

/* Adds to out the paths (as dir/name.c, dir as in path) of the existing .c
 * files of path's module other than path itself; returns how many. */
unsigned module_sibling_sources(const char *path, struct string_list *out);

/* Are path's module's files known: its directory has no kbuild makefile
 * (a lone file), or the makefile names path's object (foo.o)?  A
 * makefile that does not name it leaves the module to another directory's
 * lists, which are not read. */
int module_sources_known(const char *path);

#endif
