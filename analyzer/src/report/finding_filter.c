/* Removing findings from a list (suppressed or baselined ones). */
#include "finding_filter.h"

#include "string_list.h"

#include <string.h>

void finding_list_drop(struct finding_list *list, const unsigned char *drop)
{
	struct finding_list gone = { 0 };
	size_t kept = 0;

	gone.items = xcalloc(list->len ? list->len : 1, sizeof(*gone.items));
	gone.cap = list->len;
	for (size_t k = 0; k < list->len; k++) {
		if (drop[k])
			gone.items[gone.len++] = list->items[k];
		else
			list->items[kept++] = list->items[k];
	}
	list->len = kept;
	finding_list_free(&gone); /* frees the dropped findings' strings */
}
