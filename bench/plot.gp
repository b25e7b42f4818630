# bench/plot.gp -- the scaling curves of `make bench` (measurement 7).
#
#   gnuplot -e "datafile='bench/scaling.dat'; outfile='bench/scaling.png'" \
#     bench/plot.gp
#
# Left: CREATE INDEX time divided by n*log2(n) against the number of rows,
# under BINARY, NOCASE and URN, and on the expression urn_key(x): a flat
# line is n log n growth.
# Right: time per byte of urn_canonical(x) and lower(x) on one string of
# 16 B to 1 MB: flat from a few KB on means linear in bytes (below that the
# fixed cost of a call dominates, for both).
# The title is the first line of the data file: date, machine, commit, N.

if (!exists("datafile")) datafile = 'bench/scaling.dat'
if (!exists("outfile"))  outfile  = 'bench/scaling.png'
subtitle = system("sed -n '1s/^# //p' '".datafile."'")

if (strstrt(GPVAL_TERMINALS, "pngcairo") > 0) {
  set terminal pngcairo size 1200,520 font "sans,10"
} else {
  set terminal png size 1200,520
}
set output outfile
# Plain text: no '_' subscripts in "x86_64", "BENCH_N" or "urn_canonical".
set termoption noenhanced

set multiplot layout 1,2 title subtitle font ",10"
set logscale x
set grid
set key top left
set format x "%.0s%c"

set title "CREATE INDEX: time / (n log2 n)  (flat = n log n)"
set xlabel "rows"
set ylabel "ns per n log2 n"
set yrange [0:*]
plot datafile index 0 using 1:($2*1e9/($1*log($1)/log(2))) \
       with linespoints lw 2 pt 7 title "BINARY", \
     '' index 0 using 1:($3*1e9/($1*log($1)/log(2))) \
       with linespoints lw 2 pt 5 title "NOCASE", \
     '' index 0 using 1:($4*1e9/($1*log($1)/log(2))) \
       with linespoints lw 2 pt 9 title "URN", \
     '' index 0 using 1:($5*1e9/($1*log($1)/log(2))) \
       with linespoints lw 2 pt 11 title "urn_key(x)"

set title "one string: time per byte  (flat = linear)"
set xlabel "bytes"
set ylabel "ns per byte"
set logscale y
set yrange [*:*]
set xtics ("16 B" 16, "256 B" 256, "4 KB" 4096, "64 KB" 65536, "1 MB" 1048576)
plot datafile index 1 using 1:2 with linespoints lw 2 pt 7 \
       title "urn_canonical(x)", \
     '' index 1 using 1:3 with linespoints lw 2 pt 5 title "lower(x)"

unset multiplot
