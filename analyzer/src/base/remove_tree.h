/* Remove a directory tree (a scratch directory of the tool's own). */
#ifndef GENDISK_LINT_REMOVE_TREE_H
#define GENDISK_LINT_REMOVE_TREE_H

/* rm -rf DIR: symbolic links are removed, never followed.  Best effort:
 * what cannot be removed stays. */
void remove_tree(const char *dir);

#endif
