// SPDX-License-Identifier: GPL-2.0
/*
 * Two loops over the units: the first allocates a disk for every unit
 * (two minors per unit, kept in units[i].disk[]), the second adds them.
 * When add_disk() fails for unit i, the unwinding "while (--i >= 0)"
 * releases units 0 .. i-1 only: unit i and every later unit keep their
 * disks.  The release goes through qf_free_unit(), whose own loop puts
 * each minor's disk (summarised as putting every element).
 */
#include <linux/module.h>
#include <linux/blkdev.h>

#define QF_UNITS 4
#define QF_MINORS 2

struct qf_unit {
	struct gendisk *disk[QF_MINORS];
	bool added;
};

static struct qf_unit qf_units[QF_UNITS];

static void qf_submit_bio(struct bio *bio)
{
	bio_endio(bio);
}

static const struct block_device_operations qf_fops = {
	.owner		= THIS_MODULE,
	.submit_bio	= qf_submit_bio,
};

static void qf_free_unit(struct qf_unit *u)
{
	int m;

	for (m = 0; m < QF_MINORS; m++) {
		if (!u->disk[m])
			continue;
		if (u->added)
			del_gendisk(u->disk[m]);
		put_disk(u->disk[m]);
	}
}

static int qf_setup(void)
{
	int i, ret;

	for (i = 0; i < QF_UNITS; i++) {
		qf_units[i].disk[0] = blk_alloc_disk(NULL, NUMA_NO_NODE);
		if (IS_ERR(qf_units[i].disk[0])) {
			ret = PTR_ERR(qf_units[i].disk[0]);
			qf_units[i].disk[0] = NULL;
			goto err;
		}
		qf_units[i].disk[0]->fops = &qf_fops;
		snprintf(qf_units[i].disk[0]->disk_name, DISK_NAME_LEN, "qf%d", i);
	}

	for (i = 0; i < QF_UNITS; i++) {
		ret = add_disk(qf_units[i].disk[0]);
		if (ret)
			goto err;
		qf_units[i].added = true;
	}
	return 0;

err:
	while (--i >= 0)
		qf_free_unit(&qf_units[i]);
	return ret;
}

static int __init qf_init(void)
{
	return qf_setup();
}

static void __exit qf_exit(void)
{
	int i;

	for (i = 0; i < QF_UNITS; i++)
		qf_free_unit(&qf_units[i]);
}

module_init(qf_init);
module_exit(qf_exit);
MODULE_LICENSE("GPL");

/*
 * check-name: a loop over all units fails at i and the unwinding releases only [0, i)
 *
 * check-output-start
fire-array-unwind-below-failure.c:72:2: warning: 'qf_units[].disk[]' leaked on this error path: elements [i, 4) allocated in a loop are not released (released: [0, i)) [disk-leak]
fire-array-unwind-below-failure.c:51:25: note: 'qf_units[].disk[]' allocated here
 * check-output-end
 */
