/* The table of allocator wrappers found in a file (disk_wrappers.h fills it). */
#include "disk_wrapper_table.h"

#include <stdlib.h>
#include <string.h>

const struct disk_wrapper *disk_wrappers_lookup(const struct disk_wrappers *dw, const char *name)
{
	for (size_t i = 0; dw && i < dw->len; i++)
		if (!strcmp(dw->items[i].name, name))
			return &dw->items[i];
	return NULL;
}

void disk_wrappers_free(struct disk_wrappers *dw)
{
	free(dw->items);
	memset(dw, 0, sizeof(*dw));
}
