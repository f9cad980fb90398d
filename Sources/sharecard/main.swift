print("sharecard")
