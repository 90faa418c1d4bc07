#include "CMediaShim.h"
int cmediashim_version(void) { return 1; }
