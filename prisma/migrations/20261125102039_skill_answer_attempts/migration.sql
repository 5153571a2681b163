-- CreateTable
CREATE TABLE "SkillAnswerAttempt" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "contestId" TEXT NOT NULL,
    "answerIndex" INTEGER NOT NULL,
    "correct" BOOLEAN NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "SkillAnswerAttempt_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "SkillAnswerAttempt_userId_contestId_createdAt_idx" ON "SkillAnswerAttempt"("userId", "contestId", "createdAt");
