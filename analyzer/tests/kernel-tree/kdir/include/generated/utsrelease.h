#define UTS_RELEASE "6.12.0-gdstub-kdir"
