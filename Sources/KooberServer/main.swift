print("koober")
