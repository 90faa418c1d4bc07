#ifndef CMEDIASHIM_H
#define CMEDIASHIM_H
/* setjmp/longjmp-guarded libjpeg and libpng calls; see MediaKit. */
int cmediashim_version(void);
#endif
